/// A JSON value that keeps the order of object keys as written.
///
/// Key order matters to the catalog: DTCG exports and override order follow it, and a
/// definition shown back to its author should read the way it was written. Numbers are
/// ``JSONNumber``s: a `Double` (JSON has no other number type; NaN and infinities cannot be
/// parsed) and, when it differs from the shortest form, the text it was written as.
///
/// The enum is not `indirect`: arrays and objects hold their elements in array buffers
/// already, so a scalar costs no allocation of its own (24 bytes in its parent's buffer).
public enum JSONValue: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number with its source lexeme when that is not its shortest form.
  case number(JSONNumber)
  /// A string (NFC-normalised by the parser).
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, keys in order.
  case object(JSONObject)

  /// A number with no source text (written in its shortest form).
  /// - Parameter value: A finite number.
  /// - Returns: `.number(JSONNumber(value))`.
  public static func number(_ value: Double) -> JSONValue { .number(JSONNumber(value)) }

  /// The string, when this is a string.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }
  /// The number, when this is a number.
  public var numberValue: Double? {
    if case .number(let n) = self { return n.value }
    return nil
  }
  /// The Boolean, when this is a Boolean.
  public var boolValue: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }
  /// The object, when this is an object.
  public var objectValue: JSONObject? {
    if case .object(let o) = self { return o }
    return nil
  }
  /// The elements, when this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }
  /// True for `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The JSON type's name as error messages say it: `object`, `array`, `string`, `number`,
  /// `boolean` or `null`.
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "boolean"
    case .number: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }
}

/// A JSON object: its members in the order they were written.
///
/// Lookups are linear, which is faster than hashing for the small objects of definitions
/// and tokens; a duplicate key is refused by the parser, so each key appears once.
public struct JSONObject: Sendable, Equatable {
  /// The members, in order.
  public var members: [(key: String, value: JSONValue)]

  /// Creates an object from ordered members.
  /// - Parameter members: Key-value pairs in order; keys should be unique.
  public init(_ members: [(key: String, value: JSONValue)] = []) {
    self.members = members
  }

  /// The keys, in order.
  public var keys: [String] { members.map(\.key) }
  /// True when the object has no members.
  public var isEmpty: Bool { members.isEmpty }
  /// The number of members.
  public var count: Int { members.count }

  /// The value for `key`, or nil; setting nil removes the member, setting a new key
  /// appends it.
  public subscript(key: String) -> JSONValue? {
    get {
      for member in members where member.key == key { return member.value }
      return nil
    }
    set {
      if let index = members.firstIndex(where: { $0.key == key }) {
        if let newValue { members[index].value = newValue } else { members.remove(at: index) }
      } else if let newValue {
        members.append((key, newValue))
      }
    }
  }

  /// Objects are equal when they have the same members in the same order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.members.count == rhs.members.count else { return false }
    for (l, r) in zip(lhs.members, rhs.members) where l.key != r.key || l.value != r.value {
      return false
    }
    return true
  }
}
