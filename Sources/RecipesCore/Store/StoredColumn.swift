import FoundationEssentials

/// Reads and writes one property of a value in place: `{ $1(&$0.name) }`. A closure
/// rather than a key path because key paths are built at run time, and building the few dozen
/// a description needs cost `recipes next` a tenth of its time.
typealias PropertyAccess<Root, Value> = (inout Root, (inout Value) -> Void) -> Void

/// Reads and writes one property of an object (a model class): `({ $0.name }, { $0.name = $1 })`.
/// Two closures, not one taking `inout`: an inout access to a model's property runs its
/// setter too, which told every observer of the property that it had changed whenever a save
/// only read it.
typealias ModelProperty<Object, Value> = (get: (Object) -> Value, set: (Object, Value) -> Void)

/// One stored property: its column, and how its value goes between the model, the record
/// a context compares, and SQL. A list of these (``RecipeRecord/columns``) is the one place
/// a stored field is described; the SQL, reading rows, change detection, restoring a model
/// and the translator's key paths all follow from it.
///
/// A class, though immutable: a list of them is walked for every record read or written, and
/// copying a struct of ten closures retained and released each of them every time (a tenth
/// of building records while loading recipes).
final class StoredColumn<Record> {
    /// The column's name in its table.
    let name: String
    /// The model property, as named in a save conflict; nil for what a person does not edit.
    let property: String?
    /// The key in the JSON archive (``RecipeJSON``); a test keeps the two in step.
    let jsonKey: String
    /// How predicates and sorts on the property translate; nil when they cannot name it.
    let mapping: ColumnMapping?
    /// The model's key path to the property: key paths cannot be read as names on Linux, so
    /// the translator finds columns by these. Built only when asked for (see PropertyAccess).
    let modelKeyPath: () -> AnyKeyPath
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

    /// A property that the record and `Model` hold with the same type. A property the model
    /// only reads out (set by its initializer, as `id`) has `model: nil` and `modelValue`.
    init<Model: AnyObject, Value: SQLiteValueConvertible & Equatable>(
        _ name: String, _ record: @escaping PropertyAccess<Record, Value>,
        model: ModelProperty<Model, Value>?, modelValue: ((Model) -> Value)? = nil,
        keyPath: @autoclosure @escaping () -> KeyPath<Model, Value>,
        property: String?, json: String, query: Queried? = nil,
        bind: @escaping (Value) -> SQLiteValue = { $0.sqliteValue }
    ) {
        self.name = name
        self.property = property
        self.jsonKey = json
        self.mapping = query.map { ColumnMapping(column: name, shape: $0.shape, nullable: $0.nullable, inSearchIndex: $0.inSearchIndex,
                                                       function: $0.function) }
        self.modelKeyPath = keyPath
        let get = Self.getter(record)
        value = { bind(get($0)) }
        read = { target, stored in
            guard let value = Value(sqliteValue: stored) else { return false }
            record(&target) { $0 = value }
            return true
        }
        isEqual = { get($0) == get($1) }
        copy = { target, source in record(&target) { $0 = get(source) } }
        let modelGet: ((Model) -> Value)? = modelValue ?? model?.get
        load = { target, object in
            if let object = object as? Model, let value = modelGet?(object) { record(&target) { $0 = value } }
        }
        apply = { object, source in
            if let model, let object = object as? Model { model.set(object, get(source)) }
        }
    }

    /// A property only some model classes have: the record holds nil for the others. A
    /// model property that is not optional takes `toModel(nil)` when the record holds nil.
    init<Model: AnyObject, Value: SQLiteValueConvertible & Equatable, ModelValue>(
        _ name: String, _ record: @escaping PropertyAccess<Record, Value?>,
        model: ModelProperty<Model, ModelValue>,
        keyPath: @autoclosure @escaping () -> KeyPath<Model, ModelValue>, property: String, json: String, query: Queried,
        toRecord: @escaping (ModelValue) -> Value?, toModel: @escaping (Value?) -> ModelValue
    ) {
        self.name = name
        self.property = property
        self.jsonKey = json
        self.mapping = ColumnMapping(column: name, shape: query.shape, nullable: query.nullable, inSearchIndex: query.inSearchIndex)
        self.modelKeyPath = keyPath
        let get = Self.getter(record)
        value = { get($0).sqliteValue }
        read = { target, stored in
            guard let value = Value?(sqliteValue: stored) else { return false }
            record(&target) { $0 = value }
            return true
        }
        isEqual = { get($0) == get($1) }
        copy = { target, source in record(&target) { $0 = get(source) } }
        load = { target, object in
            let value = (object as? Model).flatMap { toRecord(model.get($0)) }
            record(&target) { $0 = value }
        }
        apply = { object, source in
            if let object = object as? Model { model.set(object, toModel(get(source))) }
        }
    }

    /// The property's value, read through `access` on a copy (a struct copy shares its
    /// storage, so this costs no copying of the text).
    private static func getter<Value>(_ access: @escaping PropertyAccess<Record, Value>) -> (Record) -> Value {
        { record in
            var copy = record
            var result: Value?
            access(&copy) { result = $0 }
            return result!
        }
    }
}

/// How a property appears in predicates and sorts (see ``ColumnMapping``).
struct Queried {
    let shape: SQLFragment.Shape
    var nullable = false
    /// Part of the search document (SearchDocument).
    var inSearchIndex = false
    /// An SQL function that turns the stored value into what a predicate compares (see
    /// ``ColumnMapping/function``).
    var function: String?

    init(_ shape: SQLFragment.Shape, nullable: Bool = false, inSearchIndex: Bool = false, function: String? = nil) {
        self.shape = shape
        self.nullable = nullable
        self.inSearchIndex = inSearchIndex
        self.function = function
    }
}

extension Array {
    /// The columns' names joined for a SELECT list, each under `alias`.
    func selection<Record>(alias: String) -> String where Element == StoredColumn<Record> {
        map { alias + "." + $0.name }.joinedText(separator: ", ")
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

    /// Fills `record` from the statement's current row; the names of the columns whose values
    /// cannot be read (their properties keep what `record` held), none when all were read.
    func read(into record: inout Record, from statement: SQLiteStatement) -> [String] {
        var unreadable: [String] = []
        for (column, index) in zip(columns, indices) where !column.read(&record, statement.value(at: index)) {
            unreadable.append(column.name)
        }
        return unreadable
    }

    /// The statement's value in `name`'s column.
    func value(of name: String, from statement: SQLiteStatement) -> SQLiteValue? {
        columns.firstIndex { $0.name == name }.map { statement.value(at: indices[$0]) }
    }
}
