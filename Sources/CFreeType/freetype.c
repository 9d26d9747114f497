// FreeType behind the catalog's own types: see include/CFreeType.h. A face and its library
// are used by one thread at a time (the caller's lock: FreeType's "Library" documentation),
// so nothing here is shared.
#include "CFreeType.h"

#include <stdlib.h>

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
