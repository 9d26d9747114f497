import SwiftUI

enum Density: String { case compact, regular, loose }

/// Every modifier form the importer reads.
struct ModifierForms: View {
  var gap: CGFloat = 12
  var body: some View {
    VStack(alignment: .leading, spacing: Spacing.sm) {
      Text("a").padding()
      Text("b").padding(8)
      Text("c").padding(.horizontal)
      Text("d").padding([.top, .trailing], DesignTokens.spaceXs)
      Text("e").padding(EdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 8))
      Color.red.frame(width: 10, height: gap, alignment: .topLeading)
      Color.blue.frame(minWidth: 0, maxWidth: .infinity, minHeight: 20)
      Text("f").fixedSize().layoutPriority(1)
      Text("g").fixedSize(horizontal: true, vertical: false)
      Text("h").background(Color.yellow).overlay(alignment: .top) { Divider() }
      Text("i").offset(x: 2, y: -3).border(.red, width: 2).opacity(0.5).hidden()
      Text("j").font(.caption).foregroundStyle(.secondary).lineLimit(2)
      Spacer(minLength: .sm)
      ZStack(alignment: .bottomTrailing) { EmptyView() }
    }
  }
}

/// Control flow becomes `when` conditions.
struct Flow: View {
  var compact: Bool = false
  var subtitle: String?
  var density: Density = .regular
  var items: [String] = []

  var body: some View {
    VStack {
      if compact {
        Text("compact")
      } else if let subtitle {
        Text(subtitle)
      } else {
        Text("none")
      }
      switch density {
      case .compact: Text("c")
      case .regular, .loose: Text("r")
      }
      ForEach(items, id: \.self) { item in
        Text(item)
      }
      Group {
        Text("x")
        Divider()
      }
    }
  }
}

/// Things the catalog cannot represent.
struct Unrepresentable: View {
  var body: some View {
    VStack {
      Text("a").shadow(radius: 2)
      WebImage(url: nil)
      Text("b").padding(.bottom, Spacing.huge)
    }
  }
}

/// Two slots: a named one (header) and the default one (content).
struct Card<Header: View, Content: View>: View {
  var title: String = "Card"
  @ViewBuilder var header: () -> Header
  @ViewBuilder var content: () -> Content

  var body: some View {
    VStack(alignment: .leading, spacing: 0) {
      header()
      Text(title)
      content()
    }
  }
}

/// Multiple trailing closures fill the slots in order.
struct UsesCard: View {
  var body: some View {
    Card(title: "Hi") {
      Text("head")
    } content: {
      Divider()
    }
  }
}
