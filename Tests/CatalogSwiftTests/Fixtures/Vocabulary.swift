import SwiftUI

/// A profile header written by hand with the built-in vocabulary.
struct ProfileHeader: View {
  var name: String = "Ada Lovelace"
  var verified: Bool = true

  var body: some View {
    HStack(spacing: 12) {
      Image("avatar")
        .resizable()
        .scaledToFill()
        .frame(width: 48, height: 48)
        .clipShape(Circle())
      VStack(alignment: .leading) {
        Label(name, systemImage: "person")
          .font(.headline)
        if verified {
          Capsule().fill(Color.green)
            .frame(width: 40, height: 6)
        }
      }
      Spacer()
      Button("Edit") { print("edit") }
        .buttonStyle(.borderedProminent)
    }
    .padding()
  }
}

/// Rows of settings from records, in a scroll view.
struct SettingsRows: View {
  var rows: [Row] = [Row(title: "Wi-Fi", detail: "Home"), Row(title: "VPN")]
  var airplane: Bool = false

  struct Row: Hashable {
    var title: String
    var detail: String? = nil
  }

  var body: some View {
    ScrollView {
      LazyVStack(alignment: .leading, spacing: 8) {
        Toggle("Airplane Mode", isOn: .constant(airplane))
        ForEach(rows, id: \.self) { row in
          HStack {
            Text(row.title)
            Spacer()
            if let detail = row.detail {
              Text(detail).foregroundStyle(.secondary)
            }
          }
        }
        Grid(alignment: .leading, horizontalSpacing: 16, verticalSpacing: 4) {
          GridRow {
            Text("Used")
            Text("12 GB").gridColumnAlignment(.trailing)
          }
          Rectangle().fill(Color.gray).frame(height: 1).gridCellUnsizedAxes(.horizontal)
          GridRow {
            Text("Total").gridCellColumns(2)
          }
        }
        ViewThatFits(in: .horizontal) {
          Link("Privacy Policy", destination: URL(string: "https://example.com/privacy")!)
          Link("Privacy", destination: URL(string: "https://example.com/privacy")!)
        }
        GeometryReader { _ in
          RoundedRectangle(cornerRadius: 8).stroke(Color.gray, lineWidth: 1)
        }
        .frame(height: 20)
      }
    }
  }
}
