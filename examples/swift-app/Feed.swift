import SwiftUI

/// Renders only when the server sent a banner.
struct Banner: View {
  var message: String?

  var body: some View {
    if let message {
      Text(message)
    }
  }
}

/// The feed's header: banners in a padded stack (empty space when there is none).
struct FeedHeader: View {
  var body: some View {
    VStack(spacing: DesignTokens.spaceStack) {
      Banner(message: nil)
      Banner(message: "Welcome")
    }
    .padding(.horizontal, DesignTokens.spaceInsetHorizontal)
    .padding(.vertical, 24)
  }
}

/// A settings row using a token the catalog does not have.
struct SettingsRow: View {
  var label: String = "Notifications"

  var body: some View {
    HStack(spacing: Spacing.huge) {
      Text(label)
      Spacer(minLength: 12)
      Toggle("", isOn: .constant(true))
        .frame(width: 44, height: 44)
    }
  }
}
