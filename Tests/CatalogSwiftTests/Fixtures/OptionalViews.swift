// The second seed's problem: a padded stack of views that may each render nothing.
import SwiftUI

/// Renders a text only sometimes; the parent cannot know when.
struct OptionalView: View {
  private var random: Int { (1...5).randomElement() ?? 1 }

  var body: some View {
    if random == 1 {
      Text("Hello There")
    }
  }
}

/// Three optional views in a padded VStack.
struct OptionalStack: View {
  var first: String?
  var second: String?
  var third: String?

  var body: some View {
    VStack(spacing: 10) {
      if let first { Text(first) }
      if let second { Text(second) }
      if let third { Text(third) }
    }
    .padding(.horizontal, 20)
    .padding(.vertical, 24)
  }
}

/// The seed's own form: views whose bodies may be empty.
struct OptionalViewStack: View {
  var body: some View {
    VStack(spacing: 10) {
      OptionalView()
      OptionalView()
      OptionalView()
    }
    .padding(.horizontal, 20)
    .padding(.vertical, 24)
    .border(.red)
  }
}

/// The fix: a stack that resolves to no view without subviews.
struct CollapsingStack<Content: View>: View {
  let alignment: HorizontalAlignment
  let spacing: CGFloat?
  let content: Content

  init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  var body: some View {
    Group(subviews: content) { subviews in
      if !subviews.isEmpty {
        VStack(alignment: alignment, spacing: spacing) {
          content
        }
      }
    }
  }
}
