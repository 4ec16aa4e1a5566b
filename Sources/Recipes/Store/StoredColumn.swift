import FoundationEssentials

/// One stored property: its column, and how its value goes between the model, the record
/// a context compares, and SQL. A list of these (``RecipeRecord/columns``) is the one place
/// a stored field is described; the SQL, reading rows, change detection, restoring a model
/// and the translator's key paths all follow from it.
struct StoredColumn<Record> {
    /// The column's name in its table.
    let name: String
    /// The model property, as named in a save conflict; nil for what a person does not edit.
    let property: String?
    /// The key in the JSON archive (``RecipeJSON``); a test keeps the two in step.
    let jsonKey: String
    /// How predicates and sorts on the property translate; nil when they cannot name it.
    let mapping: ColumnMapping?
    /// The model's key paths to the property, one per model class that has it: key paths
    /// cannot be read as names on Linux, so the translator finds columns by these.
    let modelKeyPaths: [AnyKeyPath]
    /// The value to bind for `record`.
    let value: (Record) -> SQLiteValue
    /// Sets the record's property from a column value; false when the value cannot be one.
    let read: (inout Record, SQLiteValue) -> Bool
    let isEqual: (Record, Record) -> Bool
    let copy: (inout Record, Record) -> Void
    /// Copies the property from a model object into the record.
    let load: (inout Record, AnyObject) -> Void
    /// Copies the property from the record into a model object (nothing for a read-only one).
    let apply: (AnyObject, Record) -> Void

    var isEditable: Bool { property != nil }

    /// A property that the record and `Model` hold with the same type.
    init<Model: AnyObject, Value: SQLiteValueConvertible & Equatable>(
        _ name: String, _ record: WritableKeyPath<Record, Value>, model: KeyPath<Model, Value>,
        property: String?, json: String, query: Queried? = nil,
        bind: @escaping (Value) -> SQLiteValue = { $0.sqliteValue }
    ) {
        self.name = name
        self.property = property
        self.jsonKey = json
        self.mapping = query.map { ColumnMapping(column: name, shape: $0.shape, nullable: $0.nullable, inSearchIndex: $0.inSearchIndex) }
        self.modelKeyPaths = [model]
        value = { bind($0[keyPath: record]) }
        read = { target, stored in
            guard let value = Value(sqliteValue: stored) else { return false }
            target[keyPath: record] = value
            return true
        }
        isEqual = { $0[keyPath: record] == $1[keyPath: record] }
        copy = { $0[keyPath: record] = $1[keyPath: record] }
        load = { target, object in
            if let object = object as? Model { target[keyPath: record] = object[keyPath: model] }
        }
        let writable = model as? ReferenceWritableKeyPath<Model, Value>
        apply = { object, source in
            if let writable, let object = object as? Model { object[keyPath: writable] = source[keyPath: record] }
        }
    }

    /// A property only some model classes have: the record holds nil for the others. A
    /// model property that is not optional takes `absent` when the record holds nil.
    init<Model: AnyObject, Value: SQLiteValueConvertible & Equatable, ModelValue>(
        _ name: String, _ record: WritableKeyPath<Record, Value?>, model: ReferenceWritableKeyPath<Model, ModelValue>,
        property: String, json: String, query: Queried,
        toRecord: @escaping (ModelValue) -> Value?, toModel: @escaping (Value?) -> ModelValue
    ) {
        self.name = name
        self.property = property
        self.jsonKey = json
        self.mapping = ColumnMapping(column: name, shape: query.shape, nullable: query.nullable, inSearchIndex: query.inSearchIndex)
        self.modelKeyPaths = [model]
        value = { $0[keyPath: record].sqliteValue }
        read = { target, stored in
            guard let value = Value?(sqliteValue: stored) else { return false }
            target[keyPath: record] = value
            return true
        }
        isEqual = { $0[keyPath: record] == $1[keyPath: record] }
        copy = { $0[keyPath: record] = $1[keyPath: record] }
        load = { target, object in
            target[keyPath: record] = (object as? Model).flatMap { toRecord($0[keyPath: model]) }
        }
        apply = { object, source in
            if let object = object as? Model { object[keyPath: model] = toModel(source[keyPath: record]) }
        }
    }
}

/// How a property appears in predicates and sorts (see ``ColumnMapping``).
struct Queried {
    let shape: SQLFragment.Shape
    var nullable = false
    /// Part of the search document (SearchDocument).
    var inSearchIndex = false

    init(_ shape: SQLFragment.Shape, nullable: Bool = false, inSearchIndex: Bool = false) {
        self.shape = shape
        self.nullable = nullable
        self.inSearchIndex = inSearchIndex
    }
}

extension Array {
    /// The columns' names joined for a SELECT list, each under `alias`.
    func selection<Record>(alias: String) -> String where Element == StoredColumn<Record> {
        map { alias + "." + $0.name }.joined(separator: ", ")
    }
}

/// Where each column of `columns` is in a statement's results, looked up by name once per
/// statement, so reading each row costs no name lookups.
struct ColumnLayout<Record> {
    let columns: [StoredColumn<Record>]
    let indices: [Int32]

    init(_ columns: [StoredColumn<Record>], in statement: SQLiteStatement) throws {
        self.columns = columns
        indices = try columns.map { try statement.columnIndex($0.name) }
    }

    /// Fills `record` from the statement's current row; the name of the first column whose
    /// value cannot be read, if any.
    func read(into record: inout Record, from statement: SQLiteStatement) -> String? {
        for (column, index) in zip(columns, indices) where !column.read(&record, statement.value(at: index)) {
            return column.name
        }
        return nil
    }
}
