// The seed articles' views, written as whole SwiftUI structs (the seeds show them as
// snippets): the zero-spacing stacks, the track row and the artwork/title/Spacer/rating row.
import SwiftUI

/// A VStack with zero spacing: children carry their own explicit padding.
struct VSStack<Content>: View where Content: View {
  private var content: Content
  private var alignment: HorizontalAlignment

  init(_ alignment: HorizontalAlignment = .center, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.content = content()
  }

  var body: some View {
    VStack(alignment: alignment, spacing: 0) {
      content
    }
  }
}

/// An HStack with zero spacing: children carry their own explicit padding.
struct HSStack<Content>: View where Content: View {
  private var content: Content
  private var alignment: VerticalAlignment

  init(_ alignment: VerticalAlignment = .center, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.content = content()
  }

  var body: some View {
    HStack(alignment: alignment, spacing: 0) {
      content
    }
  }
}

/// A track's title over its artist.
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

/// Artwork, the track's title, a Spacer and its rating, in one row.
struct TrackListRow: View {
  var title: String = "Untitled"
  var rating: String = "★★★"

  var body: some View {
    HSStack(.center) {
      Color.gray
        .frame(width: 44, height: 44)
        .padding(.leading, 4)
      Text(title)
        .font(.headline)
        .padding([.leading, .bottom], 8)
      Spacer()
      Text(rating)
        .foregroundColor(.secondary)
        .padding(.trailing, 8)
        .padding(.bottom, 4)
    }
  }
}

#Preview("TrackRow · full") {
  TrackRow(title: "Blue in Green", artist: "Miles Davis")
}
