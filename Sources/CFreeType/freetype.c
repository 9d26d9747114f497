// FreeType behind the catalog's own types: see include/CFreeType.h. A face and its library
// are used by one thread at a time (the caller's lock: FreeType's "Library" documentation),
// so nothing here is shared.
#include "CFreeType.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_ADVANCES_H

struct catalog_ft_face {
  FT_Library library;
  FT_Face face;
};

int catalog_ft_open(const char *path, catalog_ft_face **face, catalog_ft_metrics *metrics) {
  *face = NULL;
  FT_Library library = NULL;
  FT_Error error = FT_Init_FreeType(&library);
  if (error != 0 || !library) return 1000 + (int)error;
  FT_Face opened = NULL;
  error = FT_New_Face(library, path, 0, &opened);
  if (error != 0 || !opened) {
    FT_Done_FreeType(library);
    return error != 0 ? (int)error : 1;
  }
  struct catalog_ft_face *result = malloc(sizeof *result);
  if (!result) {
    FT_Done_Face(opened);
    FT_Done_FreeType(library);
    return FT_Err_Out_Of_Memory;
  }
  result->library = library;
  result->face = opened;
  metrics->units_per_em = opened->units_per_EM;
  metrics->ascender = opened->ascender;
  metrics->descender = opened->descender;
  metrics->has_kerning = (opened->face_flags & FT_FACE_FLAG_KERNING) != 0;
  *face = result;
  return 0;
}

unsigned int catalog_ft_glyph_index(catalog_ft_face *face, unsigned long code_point) {
  return face ? FT_Get_Char_Index(face->face, code_point) : 0;
}

long catalog_ft_advance(catalog_ft_face *face, unsigned int glyph) {
  FT_Fixed advance = 0;
  if (!face || FT_Get_Advance(face->face, glyph, FT_LOAD_NO_SCALE, &advance) != 0) return 0;
  return advance;
}

long catalog_ft_kerning(catalog_ft_face *face, unsigned int left, unsigned int right) {
  FT_Vector vector = {0, 0};
  if (!face || FT_Get_Kerning(face->face, left, right, FT_KERNING_UNSCALED, &vector) != 0) return 0;
  return vector.x;
}

void catalog_ft_close(catalog_ft_face *face) {
  if (!face) return;
  FT_Done_Face(face->face);
  FT_Done_FreeType(face->library);
  free(face);
}

/// pread(2) of exactly `count` bytes at `offset` (retried on EINTR and short reads): 0 or 1.
static int read_exactly(int fd, unsigned char *buffer, size_t count, off_t offset) {
  size_t done = 0;
  while (done < count) {
    ssize_t n = pread(fd, buffer + done, count - done, offset + (off_t)done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return 1;
    done += (size_t)n;
  }
  return 0;
}

static unsigned long big_endian_32(const unsigned char *bytes) {
  return (unsigned long)bytes[0] << 24 | (unsigned long)bytes[1] << 16
      | (unsigned long)bytes[2] << 8 | (unsigned long)bytes[3];
}

int catalog_sfnt_fingerprint(const char *path, long long *file_size, unsigned char head[32]) {
  int fd;
  do { fd = open(path, O_RDONLY | O_CLOEXEC); } while (fd < 0 && errno == EINTR);
  if (fd < 0) return 1;
  int result = 1;
  struct stat status;
  unsigned char header[12];
  // The table directory: a 12-byte header (sfntVersion, numTables, ...), then 16-byte
  // records (tag, checksum, offset, length). 64 tables is far more than any font has.
  unsigned char records[64 * 16];
  if (fstat(fd, &status) == 0 && S_ISREG(status.st_mode) && read_exactly(fd, header, 12, 0) == 0) {
    unsigned long version = big_endian_32(header);
    unsigned int tables = (unsigned int)header[4] << 8 | header[5];
    // 0x00010000 (TrueType outlines), 'OTTO' (CFF), 'true' (Apple TrueType).
    int sfnt = version == 0x00010000UL || version == 0x4F54544FUL || version == 0x74727565UL;
    if (sfnt && tables > 0 && tables <= 64 && read_exactly(fd, records, tables * 16, 12) == 0) {
      for (unsigned int k = 0; k < tables; k++) {
        const unsigned char *record = records + k * 16;
        if (memcmp(record, "head", 4) != 0) continue;
        unsigned long offset = big_endian_32(record + 8);
        unsigned long length = big_endian_32(record + 12);
        if (length >= 36 && (long long)offset + 36 <= (long long)status.st_size
            && read_exactly(fd, head, 32, (off_t)offset + 4) == 0) {
          *file_size = (long long)status.st_size;
          result = 0;
        }
        break;
      }
    }
  }
  close(fd);
  return result;
}
