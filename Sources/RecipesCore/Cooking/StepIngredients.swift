import FoundationEssentials

extension CookingSteps {
    /// The ingredient lines a step uses, as indexes into `names` (the recipe's ingredient
    /// names in order, headings included so the indexes are the recipe's own).
    ///
    /// A line is used when the step names one of its ingredients, or what it is a kind of
    /// ("le vin" of "vin rouge"), in any of the vocabulary's languages or plurals ("eggs",
    /// "Eier", "œufs"), or holds the last word of what the line
    /// names ("the stock" of "vegetable stock", "die Brühe" of "Gemüsebrühe"); of a line the
    /// vocabulary does not read ("gochujang paste"), the name's first word of three letters
    /// or more counts too, as the Romance languages put the noun first. Give a heading an
    /// empty name: it uses nothing.
    ///
    /// ```swift
    /// CookingSteps.ingredients(usedBy: "Whisk the eggs with the sugar.", names: ["flour", "eggs", "sugar"])
    /// // [1, 2]
    /// ```
    public static func ingredients(usedBy step: String, names: [String], vocabulary: IngredientVocabulary = .active) -> [Int] {
        let mentioned = vocabulary.mentions(in: step)
        let stepWords = Set(IngredientVocabulary.words(step))
        return names.indices.filter { index in
            let reading = vocabulary.reading(of: names[index])
            // "le vin" names wine, and red wine is a wine.
            if reading.identities.contains(where: { identity in mentioned.contains { vocabulary.isKind(identity, of: $0) } }) { return true }
            // Before a comma or bracket is the name; after it, preparation ("shallots, sliced").
            let name = names[index].prefix { $0 != "," && $0 != "(" }
            let words = IngredientVocabulary.words(String(name)).filter { $0.count >= 3 && !$0.allSatisfy(\.isNumber) }
            // A step says "the stock" of "vegetable stock", "il limone" of "limone non
            // trattato" (the line's own word for what the vocabulary reads); of a name the
            // vocabulary does not know, the French or Italian noun comes first ("pâte de gochujang").
            let heads = reading.identities.isEmpty ? [words.first, words.last].compactMap { $0 }
                : reading.written.compactMap { IngredientVocabulary.words($0).last }
            return heads.contains { word in
                stepWords.contains(word) || IngredientVocabulary.singularCandidates(word).contains(where: stepWords.contains)
                    || stepWords.contains { IngredientVocabulary.isPlural($0, of: word) }
                    // German compounds end in their noun: "die Brühe" of "Gemüsebrühe".
                    || stepWords.contains { $0.count >= 4 && word.count > $0.count && word.hasSuffix($0) }
            }
        }
    }
}
