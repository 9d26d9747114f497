#ifndef CATALOG_CFREETYPE_H
#define CATALOG_CFREETYPE_H
// FreeType (Debian: libfreetype-dev) for CatalogFonts, behind a few functions whose types
// are the catalog's own: this header shows no FreeType type, so only freetype.c reads
// FreeType's headers and no Swift module needs them (nor pkg-config, whose libraries a
// system library target would link into every product). The release `catalog` links
// FreeType from its static archive (Package.swift, staticStandardLibraryLinking), so a
// command that opens no font pays nothing to load it (issue 17, point 4).

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

/// Opens the first face of the font file at `path`: 0 and `*face`, `*metrics` set, or
/// 1000 + the FreeType error of FT_Init_FreeType, or the FreeType error of FT_New_Face (a
/// positive number; `*face` is then NULL).
int catalog_ft_open(const char *path, catalog_ft_face **face, catalog_ft_metrics *metrics);

/// The glyph index of a Unicode code point (0: `.notdef`).
unsigned int catalog_ft_glyph_index(catalog_ft_face *face, unsigned long code_point);

/// The unscaled, unhinted horizontal advance of a glyph, in font units (FT_Get_Advance with
/// FT_LOAD_NO_SCALE: read from the font's metrics tables without loading the outline); 0
/// when the glyph has none.
long catalog_ft_advance(catalog_ft_face *face, unsigned int glyph);

/// The unscaled `kern`-table kerning between two glyphs, in font units (0 when none).
long catalog_ft_kerning(catalog_ft_face *face, unsigned int left, unsigned int right);

/// Closes the face and its library (NULL does nothing).
void catalog_ft_close(catalog_ft_face *face);

/// What identifies an OpenType/TrueType font file without FreeType: its size in bytes and
/// bytes 4 to 35 of its `head` table (fontRevision, checksumAdjustment — the checksum of
/// the whole file —, magicNumber, flags, unitsPerEm, created, modified; OpenType spec,
/// "head — Font Header Table"), read with open(2), fstat(2) and pread(2). Returns 0 and
/// fills `*file_size` and `head`, or 1 when the file cannot be read or is not a single
/// sfnt font with a `head` table (a collection, say).
int catalog_sfnt_fingerprint(const char *path, long long *file_size, unsigned char head[32]);
#endif
