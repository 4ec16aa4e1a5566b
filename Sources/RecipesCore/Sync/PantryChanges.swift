import FoundationEssentials

// How the pantry travels: each item is a change of its own in the change files, under the id
// its identity makes (RecipeStore.pantryID), with its version in `recipe_version` like a
// recipe's. So snapshots, compaction and the folder's history carry it with no code of their
// own. The later stamp wins the whole item (a household's two machines adding eggs at once
// keep one of the two amounts); a removal is a tombstone that wins when later.

/// A pantry item as a change file carries it.
public struct PantryItemJSON: Codable, Sendable, Equatable {
    /// The ingredient's identity.
    public var identity: String
    /// The name as written.
    public var name: String
    /// How much, in millilitres, grams or pieces.
    public var quantity: Double?
    /// "volume", "mass" or "count".
    public var dimension: String?
    /// What a count counts ("jar").
    public var unit: String?
    /// The use-by day.
    public var useBy: Date?

    /// The JSON form of `item`.
    public init(_ item: PantryItem) {
        identity = item.identity
        name = item.name
        quantity = item.quantity
        dimension = item.dimension.map(RecipeStore.dimensionName)
        unit = item.countUnit.isEmpty ? nil : item.countUnit
        useBy = item.useBy
    }

    /// The item, or nil for one this version cannot keep (no identity, an unknown dimension).
    func makeItem() -> PantryItem? {
        let dimension = self.dimension.flatMap(RecipeStore.dimension(named:))
        guard !identity.isEmpty, self.dimension == nil || dimension != nil, quantity.map({ $0.isFinite && $0 >= 0 }) ?? true else { return nil }
        return PantryItem(identity: identity, name: name.isEmpty ? identity : name, quantity: quantity, dimension: dimension,
                          countUnit: unit ?? "", useBy: useBy)
    }
}

extension RecipeStore {
    /// The change of a pantry item's version; nil when `version` is not a pantry item's.
    func pantryChange(for version: (id: UUID, stamp: SyncStamp, deleted: Bool)) throws -> RecipeChange? {
        try storedPantryItem(id: version.id).map {
            RecipeChange(id: version.id, stamp: version.stamp, deleted: version.deleted, recipe: nil, pantry: PantryItemJSON($0))
        }
    }

    /// Whether `id` is a pantry item's here (the pantry has or had it).
    func isPantryItemID(_ id: UUID) throws -> Bool {
        try storedPantryItem(id: id) != nil
    }

    /// The pantry item (or its tombstone) stored under `id`. Recipe ids are random (version
    /// 4): only an id of version 8 is looked up.
    private func storedPantryItem(id: UUID) throws -> PantryItem? {
        guard id.uuid.6 >> 4 == 8 else { return nil }
        return try database.fetchOne("SELECT \(Self.pantryColumns) FROM pantry_item WHERE id = ?", [id]) { try Self.pantryItem($0) }
    }

    /// Applies a received pantry item's change: kept when its stamp is later than the
    /// stored version's (on equal stamps, a removal, else the greater content hash, so every
    /// machine keeps the same one).
    func applyPantryChange(_ change: RecipeChange, item json: PantryItemJSON, clock: inout SyncClockState,
                           into result: inout AppliedChanges) throws {
        guard let item = json.makeItem(), Self.pantryID(item.identity) == change.id else {
            result.refused.append("pantry item \(change.id.uuidString): it is not a pantry item this version can keep")
            return
        }
        // A version with no item here is a recipe's deletion a version from before the pantry
        // made of this item's change: it says nothing of the item.
        if let stored = try storedPantryItem(id: change.id), let current = try version(of: change.id) {
            let wins: Bool
            if change.stamp != current.stamp {
                wins = change.stamp > current.stamp
            } else if change.deleted != current.deleted {
                wins = change.deleted
            } else {
                wins = Self.contentHash(item) > Self.contentHash(stored)
            }
            guard wins else {
                result.superseded += 1
                return
            }
        }
        clock.clock.receive(change.stamp)
        try storePantryItem(item, removed: change.deleted)
        // Nothing of a local change it beats is left to travel.
        try setVersion(of: change.id, to: change.stamp, deleted: change.deleted, keepingLocalChange: false)
        result.applied += 1
    }

    private static func contentHash(_ item: PantryItem) -> UInt64 {
        fnv1a((try? RecipeJSON.encoder.encode(PantryItemJSON(item))) ?? Data())
    }
}
