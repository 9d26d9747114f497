// A stand-in `SwiftUI` module for type-checking generated source on Linux (issue 13,
// point 3). Compiled by the tests with `swiftc -emit-module -module-name SwiftUI`.
//
// Every declaration copies the signature Apple's SwiftUI interface declares (the
// `SwiftUI.swiftinterface` of the iOS 18 / macOS 15 SDKs, as documented on
// developer.apple.com/documentation/swiftui): names, argument labels, generic parameters,
// constraints, defaults, result builders and `@MainActor`. Only what `render --format
// swiftui`, `export --format swiftui` and `tokens export --format swift` write is declared.
// Bodies are placeholders: nothing here is run. Availability attributes are left out (Linux
// has no SDK versions), as are return types that only name private layout types: those
// return `some View`, which the generated code never names.
//
// `CGFloat`, `URL` and `Bundle` come from Foundation, which Apple's SwiftUI re-exports too.
//
// Previews: `#Preview` is declared as Apple declares it, a freestanding declaration macro
// whose implementation is `PreviewsMacros.SwiftUIView`. The tests build a stand-in plugin
// (PreviewsMacros.swift next to this file, loaded with `-load-plugin-executable`) that
// expands it to nothing, so the preview's closure is type-checked against
// `@ViewBuilder @MainActor () -> any View` exactly as with Apple's macro.
// `PreviewProvider` is declared too.

@_exported import Foundation

// MARK: - View and ViewBuilder

/// A piece of user interface.
@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
}

/// Builds views from closures.
@resultBuilder public struct ViewBuilder {
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
    (repeat each Content)
  > { TupleView((repeat each content)) }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  { _ConditionalContent() }
  public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  { _ConditionalContent() }
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
    AnyView(content)
  }
}

extension Optional: View where Wrapped: View {
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
}

public struct TupleView<T>: View {
  public var value: T
  public init(_ value: T) { self.value = value }
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
  init() {}
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
}

public struct AnyView: View {
  public init<V: View>(_ view: V) {}
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
}

public struct EmptyView: View {
  public init() {}
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
}

// MARK: - Geometry values

public struct Alignment: Equatable, Sendable {
  public var horizontal: HorizontalAlignment
  public var vertical: VerticalAlignment
  public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
    self.horizontal = horizontal
    self.vertical = vertical
  }
  public static let center = Alignment(horizontal: .center, vertical: .center)
  public static let leading = Alignment(horizontal: .leading, vertical: .center)
  public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
  public static let top = Alignment(horizontal: .center, vertical: .top)
  public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
  public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
  public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
  public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
  public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
  public static var centerFirstTextBaseline: Alignment {
    Alignment(horizontal: .center, vertical: .firstTextBaseline)
  }
  public static var centerLastTextBaseline: Alignment {
    Alignment(horizontal: .center, vertical: .lastTextBaseline)
  }
  public static var leadingFirstTextBaseline: Alignment {
    Alignment(horizontal: .leading, vertical: .firstTextBaseline)
  }
  public static var leadingLastTextBaseline: Alignment {
    Alignment(horizontal: .leading, vertical: .lastTextBaseline)
  }
  public static var trailingFirstTextBaseline: Alignment {
    Alignment(horizontal: .trailing, vertical: .firstTextBaseline)
  }
  public static var trailingLastTextBaseline: Alignment {
    Alignment(horizontal: .trailing, vertical: .lastTextBaseline)
  }
}

public struct HorizontalAlignment: Equatable, Sendable {
  let name: String
  public static let leading = HorizontalAlignment(name: "leading")
  public static let center = HorizontalAlignment(name: "center")
  public static let trailing = HorizontalAlignment(name: "trailing")
  public static var listRowSeparatorLeading: HorizontalAlignment { .leading }
  public static var listRowSeparatorTrailing: HorizontalAlignment { .trailing }
}

public struct VerticalAlignment: Equatable, Sendable {
  let name: String
  public static let top = VerticalAlignment(name: "top")
  public static let center = VerticalAlignment(name: "center")
  public static let bottom = VerticalAlignment(name: "bottom")
  public static let firstTextBaseline = VerticalAlignment(name: "firstTextBaseline")
  public static let lastTextBaseline = VerticalAlignment(name: "lastTextBaseline")
}

@frozen public enum Edge: Int8, CaseIterable, Sendable {
  case top, leading, bottom, trailing

  @frozen public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public init(_ e: Edge) { self.rawValue = 1 << e.rawValue }
    public static let top = Set(.top)
    public static let leading = Set(.leading)
    public static let bottom = Set(.bottom)
    public static let trailing = Set(.trailing)
    public static let all: Set = [.top, .leading, .bottom, .trailing]
    public static let horizontal: Set = [.leading, .trailing]
    public static let vertical: Set = [.top, .bottom]
  }
}

public struct EdgeInsets: Equatable, Sendable {
  public var top: CGFloat
  public var leading: CGFloat
  public var bottom: CGFloat
  public var trailing: CGFloat
  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }
  public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

@frozen public enum Axis: Int8, CaseIterable, Sendable {
  case horizontal, vertical

  @frozen public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public static let horizontal = Set(rawValue: 1)
    public static let vertical = Set(rawValue: 2)
  }
}

public enum ContentMode: Hashable, CaseIterable, Sendable {
  case fit, fill
}

public struct GeometryProxy {
  public var size: CGSize { .zero }
  public var safeAreaInsets: EdgeInsets { EdgeInsets() }
}

// MARK: - Colour, styles and fonts

/// A shape style (Color, the hierarchical styles).
public protocol ShapeStyle: Sendable {}

public struct Color: Hashable, CustomStringConvertible, Sendable, ShapeStyle, View {
  let name: String
  public var description: String { name }
  public typealias Body = Never
  public var body: Never { fatalError("stub") }

  public enum RGBColorSpace: Sendable, Hashable {
    case sRGB, sRGBLinear, displayP3
  }

  public init(
    _ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
    opacity: Double = 1
  ) { name = "rgb" }
  public init(_ colorSpace: Color.RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
    name = "white"
  }
  public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
    name = "hsb"
  }
  /// A colour from the app's asset catalog.
  public init(_ name: String, bundle: Bundle? = nil) { self.name = name }

  public static let black = Color("black")
  public static let blue = Color("blue")
  public static let brown = Color("brown")
  public static let clear = Color("clear")
  public static let cyan = Color("cyan")
  public static let gray = Color("gray")
  public static let green = Color("green")
  public static let indigo = Color("indigo")
  public static let mint = Color("mint")
  public static let orange = Color("orange")
  public static let pink = Color("pink")
  public static let purple = Color("purple")
  public static let red = Color("red")
  public static let teal = Color("teal")
  public static let white = Color("white")
  public static let yellow = Color("yellow")
  public static let primary = Color("primary")
  public static let secondary = Color("secondary")
  public static var accentColor: Color { Color("accentColor") }

  public func opacity(_ opacity: Double) -> Color { self }
}

extension ShapeStyle where Self == Color {
  public static var black: Color { .black }
  public static var blue: Color { .blue }
  public static var brown: Color { .brown }
  public static var clear: Color { .clear }
  public static var cyan: Color { .cyan }
  public static var gray: Color { .gray }
  public static var green: Color { .green }
  public static var indigo: Color { .indigo }
  public static var mint: Color { .mint }
  public static var orange: Color { .orange }
  public static var pink: Color { .pink }
  public static var purple: Color { .purple }
  public static var red: Color { .red }
  public static var teal: Color { .teal }
  public static var white: Color { .white }
  public static var yellow: Color { .yellow }
}

public struct HierarchicalShapeStyle: ShapeStyle {
  let level: Int
  public static let primary = HierarchicalShapeStyle(level: 0)
  public static let secondary = HierarchicalShapeStyle(level: 1)
  public static let tertiary = HierarchicalShapeStyle(level: 2)
  public static let quaternary = HierarchicalShapeStyle(level: 3)
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
  public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle.primary }
  public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle.secondary }
  public static var tertiary: HierarchicalShapeStyle { HierarchicalShapeStyle.tertiary }
  public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle.quaternary }
}

public struct FillStyle: Equatable, Sendable {
  public var isEOFilled: Bool
  public var isAntialiased: Bool
  public init(eoFill: Bool = false, antialiased: Bool = true) {
    isEOFilled = eoFill
    isAntialiased = antialiased
  }
}

public struct Font: Hashable, Sendable {
  let name: String

  public static let largeTitle = Font(name: "largeTitle")
  public static let title = Font(name: "title")
  public static let title2 = Font(name: "title2")
  public static let title3 = Font(name: "title3")
  public static let headline = Font(name: "headline")
  public static let subheadline = Font(name: "subheadline")
  public static let body = Font(name: "body")
  public static let callout = Font(name: "callout")
  public static let footnote = Font(name: "footnote")
  public static let caption = Font(name: "caption")
  public static let caption2 = Font(name: "caption2")

  public enum TextStyle: CaseIterable, Hashable, Sendable {
    case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote
    case caption, caption2
  }

  public enum Design: Hashable, Sendable {
    case `default`, serif, rounded, monospaced
  }

  public struct Weight: Hashable, Sendable {
    let value: Double
    public static let ultraLight = Weight(value: 100)
    public static let thin = Weight(value: 200)
    public static let light = Weight(value: 300)
    public static let regular = Weight(value: 400)
    public static let medium = Weight(value: 500)
    public static let semibold = Weight(value: 600)
    public static let bold = Weight(value: 700)
    public static let heavy = Weight(value: 800)
    public static let black = Weight(value: 900)
  }

  public static func system(
    _ style: Font.TextStyle, design: Font.Design? = nil, weight: Font.Weight? = nil
  )
    -> Font
  { Font(name: "system") }
  public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil)
    -> Font
  { Font(name: "system") }
  public static func custom(_ name: String, size: CGFloat) -> Font { Font(name: name) }
  public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: Font.TextStyle)
    -> Font
  { Font(name: name) }
  public static func custom(_ name: String, fixedSize: CGFloat) -> Font { Font(name: name) }

  public func weight(_ weight: Font.Weight) -> Font { self }
  public func bold() -> Font { self }
  public func italic() -> Font { self }
}

// MARK: - Bindings, identity

@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
  let value: Value
  public var wrappedValue: Value {
    get { value }
    nonmutating set {}
  }
  public var projectedValue: Binding<Value> { self }
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) { value = get() }
  public static func constant(_ value: Value) -> Binding<Value> {
    Binding(get: { value }, set: { _ in })
  }
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<
    Subject
  > { .constant(value[keyPath: keyPath]) }
}

@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
  let key: String
  public init(_ value: String) { key = value }
  public init(stringLiteral value: String) { key = value }
  public init(stringInterpolation: LocalizedStringKey.StringInterpolation) { key = "" }

  public struct StringInterpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) {}
    public mutating func appendInterpolation(_ string: String) {}
    public mutating func appendInterpolation<Subject: ReferenceConvertible>(
      _ subject: Subject, formatter: Formatter? = nil
    ) {}
    public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T) {}
    public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T, specifier: String) {
    }
    public mutating func appendInterpolation(_ text: Text) {}
  }
}

/// Values `LocalizedStringKey` interpolates with a format specifier (Int, Double, …).
public protocol _FormatSpecifiable: Equatable {}
extension Int: _FormatSpecifiable {}
extension Int8: _FormatSpecifiable {}
extension Int16: _FormatSpecifiable {}
extension Int32: _FormatSpecifiable {}
extension Int64: _FormatSpecifiable {}
extension UInt: _FormatSpecifiable {}
extension Double: _FormatSpecifiable {}
extension Float: _FormatSpecifiable {}
extension CGFloat: _FormatSpecifiable {}

// MARK: - Primitive views

public struct Text: Equatable, Sendable, View {
  let content: String
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
  public init(
    _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
    comment: StaticString? = nil
  ) {
    content = key.key
  }
  @_disfavoredOverload public init<S: StringProtocol>(_ content: S) {
    self.content = String(content)
  }
  public init(verbatim content: String) { self.content = content }

  public func font(_ font: Font?) -> Text { self }
  public func fontWeight(_ weight: Font.Weight?) -> Text { self }
  public func bold() -> Text { self }
  public func italic() -> Text { self }
  public func foregroundColor(_ color: Color?) -> Text { self }
  public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { self }
  public func kerning(_ kerning: CGFloat) -> Text { self }
  public func tracking(_ tracking: CGFloat) -> Text { self }
  public static func + (lhs: Text, rhs: Text) -> Text { lhs }
}

public struct Spacer: View {
  public var minLength: CGFloat?
  public init(minLength: CGFloat? = nil) { self.minLength = minLength }
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
}

public struct Divider: View {
  public init() {}
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
}

public struct Image: Equatable, View {
  let name: String
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
  public init(_ name: String, bundle: Bundle? = nil) { self.name = name }
  public init(systemName: String) { name = systemName }
  public init(decorative name: String, bundle: Bundle? = nil) { self.name = name }

  public enum ResizingMode: Sendable, Hashable { case tile, stretch }
  public func resizable(
    capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch
  )
    -> Image
  { self }
  public func renderingMode(_ renderingMode: Image.TemplateRenderingMode?) -> Image { self }
  public enum TemplateRenderingMode: Sendable, Hashable { case template, original }
}

public struct Label<Title: View, Icon: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
  public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {}
}

extension Label where Title == Text, Icon == Image {
  public init(_ titleKey: LocalizedStringKey, systemImage name: String) {}
  @_disfavoredOverload public init<S: StringProtocol>(_ title: S, systemImage name: String) {}
  public init(_ titleKey: LocalizedStringKey, image name: String) {}
}

@MainActor @preconcurrency public struct Button<Label: View>: View {
  public typealias Body = Never
  public nonisolated var body: Never { fatalError("stub") }
  public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}

extension Button where Label == Text {
  public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
  @_disfavoredOverload public init<S: StringProtocol>(
    _ title: S, action: @escaping @MainActor () -> Void
  ) {}
}

public protocol PrimitiveButtonStyle {}
public struct DefaultButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct PlainButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderlessButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderedButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle { public init() {} }

extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
  public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}
extension PrimitiveButtonStyle where Self == PlainButtonStyle {
  public static var plain: PlainButtonStyle { PlainButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
  public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
  public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
  public static var borderedProminent: BorderedProminentButtonStyle {
    BorderedProminentButtonStyle()
  }
}

public struct Toggle<Label: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
  public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {}
}

extension Toggle where Label == Text {
  public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {}
  @_disfavoredOverload public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {}
}

public struct Link<Label: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
  public init(destination: URL, @ViewBuilder label: () -> Label) {}
}

extension Link where Label == Text {
  public init(_ titleKey: LocalizedStringKey, destination: URL) {}
  @_disfavoredOverload public init<S: StringProtocol>(_ title: S, destination: URL) {}
}

// MARK: - Shapes

public protocol Shape: Sendable, View {}
public protocol InsettableShape: Shape {}

extension Shape {
  public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle())
    -> some View
  { self }
  public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View { self }
}

extension InsettableShape {
  public func strokeBorder<S: ShapeStyle>(
    _ content: S = .foreground, lineWidth: CGFloat = 1, antialiased: Bool = true
  ) -> some View { self }
}

public struct ForegroundStyle: ShapeStyle { public init() {} }
extension ShapeStyle where Self == ForegroundStyle {
  public static var foreground: ForegroundStyle { ForegroundStyle() }
}

public struct Rectangle: InsettableShape {
  public init() {}
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
}

public struct RoundedRectangle: InsettableShape {
  public var cornerSize: CGSize
  public init(cornerSize: CGSize) { self.cornerSize = cornerSize }
  public init(cornerRadius: CGFloat) {
    cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
  }
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
}

public struct Capsule: InsettableShape {
  public init() {}
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
}

public struct Circle: InsettableShape {
  public init() {}
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
}

public struct Ellipse: InsettableShape {
  public init() {}
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
}

extension Shape where Self == Rectangle {
  public static var rect: Rectangle { Rectangle() }
}
extension Shape where Self == Circle {
  public static var circle: Circle { Circle() }
}
extension Shape where Self == Capsule {
  public static var capsule: Capsule { Capsule() }
}
extension Shape where Self == Ellipse {
  public static var ellipse: Ellipse { Ellipse() }
}
extension Shape where Self == RoundedRectangle {
  public static func rect(cornerRadius: CGFloat) -> RoundedRectangle {
    RoundedRectangle(cornerRadius: cornerRadius)
  }
}

// MARK: - Containers

public struct VStack<Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
  public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {}
}

public struct HStack<Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
  public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {}
}

public struct ZStack<Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
  public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
}

public struct LazyVStack<Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
  public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
  ) {}
}

public struct LazyHStack<Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
  public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
  ) {}
}

public struct PinnedScrollableViews: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
  public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

public struct Grid<Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
  public init(
    alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil,
    verticalSpacing: CGFloat? = nil, @ViewBuilder content: () -> Content
  ) {}
}

public struct GridRow<Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
  public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {}
}

public struct ScrollView<Content: View>: View {
  public var axes: Axis.Set
  public var showsIndicators: Bool
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
  public init(
    _ axes: Axis.Set = .vertical, showsIndicators: Bool = true,
    @ViewBuilder content: () -> Content
  ) {
    self.axes = axes
    self.showsIndicators = showsIndicators
  }
}

public struct ViewThatFits<Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
  public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {}
}

@frozen public struct GeometryReader<Content: View>: View {
  public var content: (GeometryProxy) -> Content
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
  public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
    self.content = content
  }
}

public struct Group<Content> {
  public typealias Body = Never
}

extension Group: View where Content: View {
  public var body: Never { fatalError("stub") }
  public init(@ViewBuilder content: () -> Content) {}
}

/// `Group(subviews:transform:)`'s content.
public struct GroupElementsOfContent<Subviews: View, Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
}

extension Group {
  public init<Base: View, Result: View>(
    subviews view: Base, @ViewBuilder transform: @escaping (SubviewsCollection) -> Result
  ) where Content == GroupElementsOfContent<Base, Result> {}
}

/// One subview of `Group(subviews:)`.
public struct Subview: Identifiable, View {
  public struct ID: Hashable, Sendable {}
  public var id: Subview.ID { ID() }
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
}

/// The subviews of `Group(subviews:)`.
public struct SubviewsCollection: RandomAccessCollection, View {
  public typealias Element = Subview
  public typealias Index = Int
  public var startIndex: Int { 0 }
  public var endIndex: Int { 0 }
  public subscript(position: Int) -> Subview { Subview() }
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
  public var data: Data
  public var content: (Data.Element) -> Content
}

extension ForEach: View where Content: View {
  public typealias Body = Never
  public var body: Never { fatalError("stub") }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    self.data = data
    self.content = content
  }
}

extension ForEach where Content: View {
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {
    self.data = data
    self.content = content
  }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
  public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
    self.data = data
    self.content = content
  }
}

// MARK: - Modifiers (every one the catalog writes)

extension View {
  public func padding(_ insets: EdgeInsets) -> some View { self }
  public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { self }
  public func padding(_ length: CGFloat) -> some View { self }

  public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
    -> some View
  { self }
  public func frame(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
    minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
    alignment: Alignment = .center
  ) -> some View { self }

  public func fixedSize() -> some View { self }
  public func fixedSize(horizontal: Bool, vertical: Bool) -> some View { self }
  public func layoutPriority(_ value: Double) -> some View { self }

  public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
    -> some View
  { self }
  public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all)
    -> some View
  { self }
  public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
    -> some View
  { self }
  public func overlay<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all)
    -> some View
  { self }

  public func offset(_ offset: CGSize) -> some View { self }
  public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { self }
  public func opacity(_ opacity: Double) -> some View { self }
  public func hidden() -> some View { self }
  public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View { self }

  public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
    self
  }
  public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> some View { self }
  public func scaledToFit() -> some View { self }
  public func scaledToFill() -> some View { self }
  public func clipped(antialiased: Bool = false) -> some View { self }
  public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View { self }
  public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View { self }

  public func font(_ font: Font?) -> some View { self }
  public func fontWeight(_ weight: Font.Weight?) -> some View { self }
  public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { self }
  public func foregroundColor(_ color: Color?) -> some View { self }
  public func lineLimit(_ number: Int?) -> some View { self }
  public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { self }

  public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { self }

  public func gridCellColumns(_ count: Int) -> some View { self }
  public func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View { self }
  public func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View { self }

  public func id<ID: Hashable>(_ id: ID) -> some View { self }
  public func previewDisplayName(_ value: String?) -> some View { self }
}

public enum TextAlignment: Hashable, CaseIterable, Sendable {
  case leading, center, trailing
}

// MARK: - Previews

/// Xcode's previews: `#Preview("Name") { View() }` (Apple's DeveloperToolsSupport,
/// re-exported by SwiftUI).
@freestanding(declaration)
public macro Preview(
  _ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View
) = #externalMacro(module: "PreviewsMacros", type: "SwiftUIView")

/// The older preview form: a type whose `previews` Xcode shows.
@MainActor @preconcurrency public protocol PreviewProvider {
  associatedtype Previews: View
  @ViewBuilder @MainActor @preconcurrency static var previews: Self.Previews { get }
}
