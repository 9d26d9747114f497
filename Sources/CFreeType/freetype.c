// FreeType through dlopen(3): see include/CFreeType.h for why. The FreeType functions the
// catalog calls are looked up once, on the first font opened (pthread_once), typed from
// FreeType's own header; a face and its library are used by one thread at a time (the
// caller's lock: FreeType's "Library" documentation), so nothing else here is shared.
#include "CFreeType.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

#include <ft2build.h>
#include FT_FREETYPE_H

struct catalog_ft_face {
  FT_Library library;
  FT_Face face;
};

static const char *const library_names[] = {
    "libfreetype.so.6",    "libfreetype.so",
    "libfreetype.6.dylib", "libfreetype.dylib",
    "/opt/homebrew/lib/libfreetype.6.dylib", "/usr/local/lib/libfreetype.6.dylib"};

/// The functions used, resolved together: all or none.
static struct {
  __typeof__(&FT_Init_FreeType) init_freetype;
  __typeof__(&FT_Done_FreeType) done_freetype;
  __typeof__(&FT_New_Face) new_face;
  __typeof__(&FT_Done_Face) done_face;
  __typeof__(&FT_Get_Char_Index) get_char_index;
  __typeof__(&FT_Load_Glyph) load_glyph;
  __typeof__(&FT_Get_Kerning) get_kerning;
  int loaded;
} freetype;

static pthread_once_t freetype_once = PTHREAD_ONCE_INIT;

static void load_freetype(void) {
  void *handle = NULL;
  for (size_t i = 0; i < sizeof library_names / sizeof library_names[0] && !handle; i++) {
    handle = dlopen(library_names[i], RTLD_LAZY | RTLD_LOCAL);
  }
  if (!handle) return;
  freetype.init_freetype = (__typeof__(&FT_Init_FreeType))dlsym(handle, "FT_Init_FreeType");
  freetype.done_freetype = (__typeof__(&FT_Done_FreeType))dlsym(handle, "FT_Done_FreeType");
  freetype.new_face = (__typeof__(&FT_New_Face))dlsym(handle, "FT_New_Face");
  freetype.done_face = (__typeof__(&FT_Done_Face))dlsym(handle, "FT_Done_Face");
  freetype.get_char_index = (__typeof__(&FT_Get_Char_Index))dlsym(handle, "FT_Get_Char_Index");
  freetype.load_glyph = (__typeof__(&FT_Load_Glyph))dlsym(handle, "FT_Load_Glyph");
  freetype.get_kerning = (__typeof__(&FT_Get_Kerning))dlsym(handle, "FT_Get_Kerning");
  freetype.loaded = freetype.init_freetype && freetype.done_freetype && freetype.new_face &&
                    freetype.done_face && freetype.get_char_index && freetype.load_glyph &&
                    freetype.get_kerning;
}

int catalog_ft_available(void) {
  pthread_once(&freetype_once, load_freetype);
  return freetype.loaded;
}

int catalog_ft_open(const char *path, catalog_ft_face **face, catalog_ft_metrics *metrics) {
  *face = NULL;
  if (!catalog_ft_available()) return CATALOG_FT_LIBRARY_MISSING;
  FT_Library library = NULL;
  FT_Error error = freetype.init_freetype(&library);
  if (error != 0 || !library) return 1000 + (int)error;
  FT_Face opened = NULL;
  error = freetype.new_face(library, path, 0, &opened);
  if (error != 0 || !opened) {
    freetype.done_freetype(library);
    return error != 0 ? (int)error : 1;
  }
  struct catalog_ft_face *result = malloc(sizeof *result);
  if (!result) {
    freetype.done_face(opened);
    freetype.done_freetype(library);
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
  return face ? freetype.get_char_index(face->face, code_point) : 0;
}

long catalog_ft_advance(catalog_ft_face *face, unsigned int glyph) {
  if (!face || freetype.load_glyph(face->face, glyph, FT_LOAD_NO_SCALE) != 0 || !face->face->glyph) return 0;
  return face->face->glyph->metrics.horiAdvance;
}

long catalog_ft_kerning(catalog_ft_face *face, unsigned int left, unsigned int right) {
  FT_Vector vector = {0, 0};
  if (!face || freetype.get_kerning(face->face, left, right, FT_KERNING_UNSCALED, &vector) != 0) return 0;
  return vector.x;
}

void catalog_ft_close(catalog_ft_face *face) {
  if (!face) return;
  freetype.done_face(face->face);
  freetype.done_freetype(face->library);
  free(face);
}

const char *catalog_ft_library_names(void) {
  return "libfreetype.so.6, libfreetype.so, libfreetype.6.dylib, libfreetype.dylib, "
         "/opt/homebrew/lib/libfreetype.6.dylib, /usr/local/lib/libfreetype.6.dylib";
}
