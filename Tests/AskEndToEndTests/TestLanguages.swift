import Glibc
import Testing

/// What the Russian and Chinese screens need besides `ask` itself: its
/// message catalogues and the two locales.
///
/// `make test` prepares both without changing the machine: `make` compiles
/// the catalogues beside each build's binary, and `make test` generates
/// `ru_RU.UTF-8` and `zh_CN.UTF-8` into `.build/locales` and runs the
/// end-to-end tests with `LOCPATH` naming it (``PseudoTerminal/inherited``
/// hands it to every child). A bare `swift test` finds them only where an
/// earlier `make` left the catalogues and the system has the locales (`make
/// locales`); a test that needs them is skipped otherwise, saying which is
/// missing.
enum TestLanguages {
  /// The catalogues `po/` holds, by language.
  static let catalogues = ["ru", "zh_CN"]
  /// The locales the translated screens are drawn in.
  static let locales = ["ru_RU.UTF-8", "zh_CN.UTF-8"]

  /// Why no catalogue is beside the `ask` under test, or nil when both are.
  static let missingCatalogue: String? = {
    let folder = ArtifactsTests.besideBinary("locale")
    for language in catalogues where access("\(folder)/\(language)/LC_MESSAGES/ask.mo", R_OK) != 0 {
      return "no \(language) catalogue beside the ask under test (make compiles it there)"
    }
    return nil
  }()

  /// Why a locale of ``locales`` cannot be had, or nil when both can.
  static let missingLocale: String? = {
    for name in locales {
      // LC_ALL_MASK is a macro Swift does not import; ask needs these two.
      guard let locale = newlocale(1 << LC_CTYPE | 1 << LC_MESSAGES, name, nil) else {
        return "the locale \(name) is missing (make test generates it into .build/locales; make locales into the system)"
      }
      freelocale(locale)
    }
    return nil
  }()
}

extension Trait where Self == ConditionTrait {
  /// The test draws Russian or Chinese screens with the catalogues beside
  /// the `ask` under test: skipped, saying why, where either is missing.
  static var needsTranslations: Self {
    let missing = TestLanguages.missingCatalogue ?? TestLanguages.missingLocale
    return .enabled(if: missing == nil, Comment(rawValue: missing ?? ""))
  }

  /// The test needs the catalogues beside the `ask` under test.
  static var needsCatalogues: Self {
    .enabled(if: TestLanguages.missingCatalogue == nil, Comment(rawValue: TestLanguages.missingCatalogue ?? ""))
  }
}
