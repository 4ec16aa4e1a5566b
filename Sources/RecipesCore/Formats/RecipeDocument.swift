import FoundationEssentials

/// A file given to `recipes import`, read in whichever format it is: this program's JSON
/// archive, schema.org JSON-LD (a saved web page or a JSON file), or a Cooklang recipe.
///
/// ```swift
/// let document = try RecipeDocument(data: data, fileName: "banana-bread.html")
/// let summary = try store.importArchive(document.archive)
/// ```
public struct RecipeDocument: Sendable {
    /// The formats an imported file may be in.
    public enum Format: String, Sendable {
        /// This library's JSON archive.
        case archive = "recipes JSON"
        /// A web page or JSON with schema.org `Recipe` data.
        case schemaOrg = "schema.org"
        /// A Cooklang `.cook` file.
        case cooklang = "Cooklang"
    }

    /// Which format the file was in.
    public let format: Format
    /// The recipes, as an archive.
    public let archive: RecipeArchive
    /// What was left out and why (schema.org pages only).
    public let skipped: [String]
    /// The text each recipe of ``archive`` came from, when the store should keep it (Cooklang:
    /// an unchanged recipe exports as the same file), in the same order.
    public private(set) var origins: [RecipeOrigin?] = []

    /// Reads `data`. `fileName` (nil for standard input) gives a Cooklang recipe its title
    /// when it has none; a `.cook` name means Cooklang, otherwise the content decides.
    /// `address`, the web address the data was fetched from, is a web page's recipes' source
    /// when the page names none.
    public init(data: Data, fileName: String?, address: String? = nil) throws {
        // This program's archive is read strictly: it is ours, and a typo in it is a mistake.
        // It is known by its "format" key before anything is read into values or text (an
        // archive of 50,000 recipes is 150 MB).
        if !(fileName?.lowercased().hasSuffix(".cook") ?? false), JSONValue.isObject(data, withKey: "format") {
            do {
                self.init(.archive, try RecipeArchive.decode(data).recipes, skipped: [])
            } catch {
                // Broken JSON is said with the line it breaks at, as for any other file.
                do { _ = try JSONValue.parse(String(decoding: data, as: UTF8.self)) } catch let syntax {
                    throw RecipeFormatError(reason: "not valid JSON (\(syntax))")
                }
                throw error
            }
            return
        }
        let text = String(decoding: data, as: UTF8.self)
        if let fileName, fileName.lowercased().hasSuffix(".cook") {
            let title = String(fileName.split(separator: "/").last ?? "").dropLast(5)
            self.init(.cooklang, [CooklangRecipe(parsing: text).makeRecipe(fallbackTitle: String(title))], skipped: [])
            origins = [RecipeOrigin(format: .cooklang, path: String(fileName.split(separator: "/").last ?? ""), text: text)]
            return
        }
        // A JSON-LD block copied out of a page may keep its wrapper: `// <![CDATA[ … // ]]>`.
        let json = Self.unwrappedJSON(text)
        let start = (json ?? text).drop { $0.isWhitespace || $0 == "\u{FEFF}" }.first
        switch start {
        case "<":
            let page = try SchemaOrgImport(html: text, address: address)
            self.init(.schemaOrg, page.recipes, skipped: page.skipped)
        case "{", "[":
            let value: JSONValue
            do {
                value = try JSONValue.parse(json ?? text)
            } catch {
                throw RecipeFormatError(reason: "not valid JSON (\(error))")
            }
            // An archive the skimming above cannot see: wrapped, or written loosely.
            if value["format"] != nil {
                self.init(.archive, try RecipeArchive.decode(data).recipes, skipped: [])
            } else {
                let document = try SchemaOrgImport(json: value, address: address)
                self.init(.schemaOrg, document.recipes, skipped: document.skipped)
            }
        case nil:
            throw RecipeFormatError(reason: "the file is empty")
        default:
            // Cooklang without a file name (standard input): known by its markup, named by
            // its title.
            let cooklang = CooklangRecipe(parsing: text)
            let title = cooklang.metadata.first { $0.key.lowercased() == "title" }?.value
            guard title != nil || !cooklang.mentions.isEmpty else {
                throw RecipeFormatError(reason: "not a recipes archive, a schema.org JSON file, an HTML page or a .cook file")
            }
            guard let title, !title.trimmedWhitespace.isEmpty else {
                let source = fileName == nil ? "on standard input" : "in a file not named .cook"
                throw RecipeFormatError(reason: "a Cooklang recipe \(source) needs a title ('title: …' in its front matter or a '>> title:' line)")
            }
            self.init(.cooklang, [cooklang.makeRecipe(fallbackTitle: title)], skipped: [])
            origins = [RecipeOrigin(format: .cooklang, path: nil, text: text)]
        }
    }

    /// The JSON inside a CDATA or comment wrapper (`// <![CDATA[`, `<![CDATA[`, `<!--`), or
    /// nil when the text has none.
    static func unwrappedJSON(_ text: String) -> String? {
        var body = Substring(text).drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        var wrapped = false
        for opening in ["//", "<![CDATA[", "<!--"] where body.hasPrefix(opening) {
            // A line comment before the block: `// <![CDATA[`.
            let line = body.prefix { $0 != "\n" }
            guard opening != "//" || line.contains("CDATA") else { return nil }
            body = opening == "//" ? body.dropFirst(line.count) : body.dropFirst(opening.count)
            wrapped = true
            break
        }
        guard wrapped else { return nil }
        var inner = body
        while let last = inner.last, last.isWhitespace { inner = inner.dropLast() }
        for closing in ["]]>", "-->"] where inner.hasSuffix(closing) { inner = inner.dropLast(closing.count) }
        // The `//` before a closing `]]>` on its own line.
        while let last = inner.last, last.isWhitespace || last == "/" { inner = inner.dropLast() }
        let trimmed = inner.drop { $0.isWhitespace }
        guard let first = trimmed.first, first == "{" || first == "[" else { return nil }
        return String(trimmed)
    }

    private init(_ format: Format, _ recipes: [RecipeJSON], skipped: [String]) {
        self.format = format
        archive = RecipeArchive(recipes: recipes)
        self.skipped = skipped
    }
}
