import CatalogModel
import Testing

/// `BuiltinView(rawValue:)` is written by hand (one candidate by length and first byte, issue
/// 17 point 4): it must find every case by its name and nothing else.
@Suite struct BuiltinViewLookupTests {
  /// The names as SwiftUI spells them, written out here independently of the enum.
  static let names = [
    "VStack", "HStack", "ZStack", "Text", "Spacer", "Divider", "Color", "EmptyView", "Group",
    "ForEach", "Slot", "Rectangle", "RoundedRectangle", "Capsule", "Circle", "Ellipse", "Image",
    "Label", "Button", "Toggle", "Link", "Grid", "GridRow", "LazyVStack", "LazyHStack",
    "ScrollView", "ViewThatFits", "GeometryReader",
  ]

  @Test func everyCaseIsFoundByItsName() {
    #expect(BuiltinView.allCases.count == Self.names.count)
    for view in BuiltinView.allCases {
      #expect(BuiltinView(rawValue: view.rawValue) == view)
    }
    #expect(Set(BuiltinView.allCases.map(\.rawValue)) == Set(Self.names))
  }

  @Test func namesThatAreNotBuiltinViewsAreNotFound() {
    var others = ["", "V", "Vstack", "vstack", "VSTACK", "VStack ", " VStack", "Track", "Txt"]
    others += ["Lazy_Stack", "LazyZStack", "Spacers", "TrackRow", "Émpty", "ÉmptyView", "Texts"]
    for name in Self.names {
      others.append(name.lowercased())
      others.append(String(name.dropLast()) + "x")
      others.append("X" + name.dropFirst())
      others.append(name + name)
    }
    for name in others {
      #expect(BuiltinView(rawValue: name) == nil, "\(name)")
    }
  }
}
