#ifndef CATALOG_CFREETYPE_H
#define CATALOG_CFREETYPE_H
// FreeType (Debian: libfreetype-dev; the library itself is libfreetype6) for CatalogFonts,
// loaded with dlopen(3) on the first font opened rather than linked: linked, FreeType and
// the libraries it needs (libpng, zlib, Brotli, bzip2) were loaded, relocated and
// initialised by every command, `catalog --help` included, while only `render` with font
// metrics measures text (issue 17, point 4). This header shows no FreeType type, so the
// Swift side needs neither FreeType's headers nor its library; freetype.c holds the rest.

/// One font file opened with FreeType (an `FT_Library` and the `FT_Face` made from it).
typedef struct catalog_ft_face catalog_ft_face;

/// What a face says about itself once opened, in font units.
typedef struct catalog_ft_metrics {
  /// Units per em (0 for a face without scalable outlines).
  long units_per_em;
  /// Typographic ascender (positive, upwards) and descender (negative).
  long ascender;
  long descender;
  /// 1 when the face has a `kern` table FT_Get_Kerning reads.
  int has_kerning;
} catalog_ft_metrics;

/// Returned by catalog_ft_open when the FreeType library cannot be loaded.
#define CATALOG_FT_LIBRARY_MISSING (-1)

/// 1 when the FreeType library can be loaded (it is loaded by this call if it was not).
int catalog_ft_available(void);

/// Opens the first face of the font file at `path`: 0 and `*face`, `*metrics` set, or
/// CATALOG_FT_LIBRARY_MISSING, or 1000 + the FreeType error of FT_Init_FreeType, or the
/// FreeType error of FT_New_Face (a positive number; `*face` is then NULL).
int catalog_ft_open(const char *path, catalog_ft_face **face, catalog_ft_metrics *metrics);

/// The glyph index of a Unicode code point (0: `.notdef`).
unsigned int catalog_ft_glyph_index(catalog_ft_face *face, unsigned long code_point);

/// The unscaled, unhinted horizontal advance of a glyph (FT_LOAD_NO_SCALE), in font units;
/// 0 when the glyph cannot be loaded.
long catalog_ft_advance(catalog_ft_face *face, unsigned int glyph);

/// The unscaled `kern`-table kerning between two glyphs, in font units (0 when none).
long catalog_ft_kerning(catalog_ft_face *face, unsigned int left, unsigned int right);

/// Closes the face and its library (NULL does nothing).
void catalog_ft_close(catalog_ft_face *face);

/// The file names dlopen(3) is tried with, in order, as one comma-separated line (for
/// messages).
const char *catalog_ft_library_names(void);
#endif
