import FoundationEssentials

/// What one ingredient line asks of a kitchen, as the store keeps it beside the line: each
/// ingredient the line names, so that finding the recipes that use an ingredient, or those a
/// pantry can cook, is an indexed query and not a reading of every line.
///
/// "Salt and pepper" needs two (both must be there); "butter or margarine" two of which
/// either will do; "hazelnut butter", which the vocabulary does not know, needs itself, by
/// its folded name ("hazelnut butter"), so a pantry holding that same name has it.
struct IngredientNeed: Sendable, Equatable {
    /// The line's position in its recipe.
    let position: Int
    /// A vocabulary identity ("egg"), or the line's folded name when ``isKnown`` is false.
    let identity: String
    /// Whether ``identity`` is one of the vocabulary's.
    let isKnown: Bool
    /// Whether any one of the line's needs will do ("A or B").
    let isEither: Bool
    /// Whether the line can be left out ("parsley, to garnish").
    let isOptional: Bool
}

extension IngredientVocabulary {
    /// Whether the note that ends a line's amount says the line can be left out
    /// ("(optional)", "(to serve)"), as the same words in its name do.
    func amountSaysOptional(_ amount: String) -> Bool {
        guard let note = IngredientLine.note(ofAmount: amount).note, !note.isEmpty else { return false }
        return reading(of: note).isOptional
    }

    /// The needs of the line `name` at `position`, optional too when its `amount`'s note
    /// says so; none for a name with nothing to match.
    func needs(ofLine name: String, at position: Int, amount: String = "") -> [IngredientNeed] {
        let reading = reading(of: name)
        let isOptional = reading.isOptional || amountSaysOptional(amount)
        if reading.identities.isEmpty {
            let key = ShoppingList.itemKey(name)
            guard !key.isEmpty else { return [] }
            return [IngredientNeed(position: position, identity: key, isKnown: false, isEither: false, isOptional: isOptional)]
        }
        let either = reading.isAlternatives
        return reading.identities.map {
            IngredientNeed(position: position, identity: $0, isKnown: true, isEither: either, isOptional: isOptional)
        }
    }

    /// The identities a kitchen holding `identities` has for a line: each of them and every
    /// more general kind of each (cheddar serves "cheddar" and "cheese"), or for a name the
    /// vocabulary does not know, that name.
    package func identitiesServed(by identities: [String]) -> Set<String> {
        var served = Set(identities)
        for identity in identities {
            var current = entries[identity]?.kind
            while let kind = current, served.insert(kind).inserted { current = entries[kind]?.kind }
        }
        return served
    }

    /// Every identity that is `identity` or a kind of it, at any depth: "cheese" gives
    /// cheese, cheddar, parmesan, ...; an identity the vocabulary does not know, none.
    package func identities(ofKind identity: String) -> [String] {
        guard entries[identity] != nil else { return [] }
        return entries.keys.filter { isKind($0, of: identity) }.sorted()
    }
}
