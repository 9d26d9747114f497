// A sample app's views, checked against the example catalog by `catalog check-swift`
// (README, "The Swift bridge", lists what it finds).
import SwiftUI

/// A track's title over its artist: the catalog's TrackRow, written with literals.
struct TrackRow: View {
  var title: String = "Untitled"
  var artist: String?

  var body: some View {
    VSStack(.leading) {
      Text(title)
        .font(.headline)
        .padding(.bottom, 8)
      if let artist {
        Text(artist)
          .foregroundColor(.secondary)
          .padding(.bottom, 4)
      }
    }
  }
}

/// The catalog's AlbumCard, but someone changed the horizontal inset to 16.
struct AlbumCard: View {
  var title: String = "Kind of Blue"
  var artist: String?
  var compact: Bool = false

  var body: some View {
    VSStack(.leading) {
      if !compact {
        Color.gray
          .frame(width: Size.cover, height: Size.cover)
          .padding(.bottom, Spacing.md)
      }
      TrackRow(title: title, artist: artist)
    }
    .padding(.horizontal, 16)
    .padding(.vertical, Spacing.insetVertical)
  }
}
