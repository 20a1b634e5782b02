import VitrineInterface

extension InterfaceDiagnostic {
    /// Logs each diagnostic at its severity (what UINib and UIStoryboard report; both also keep
    /// them in their `diagnostics`).
    static func log(_ diagnostics: [InterfaceDiagnostic]) {
        for diagnostic in diagnostics {
            switch diagnostic.severity {
            case .error: kitLog.error("\(diagnostic.description)")
            case .warning: kitLog.warning("\(diagnostic.description)")
            }
        }
    }
}
