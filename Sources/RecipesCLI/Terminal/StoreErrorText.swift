import RecipesCore

extension RecipeStoreError {
    /// The library's sentence as the command line says it: the library knows only another
    /// connection, which here is another recipes process.
    var commandLineDescription: String {
        switch self {
        case .busy(let path): "\(path) is busy: another recipes process has been writing to it for 15 s; nothing was changed, try again"
        default: description
        }
    }
}
