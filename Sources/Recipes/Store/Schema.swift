/// The store's schema as an ordered list of migrations. The file records how many have run
/// in `PRAGMA user_version`; opening an older file runs the rest in one transaction.
///
/// Dates are stored as REAL seconds since 2001-01-01 00:00:00 UTC (Foundation's reference
/// date), so that a `Date` reads back bit for bit; add 978307200 for Unix time.
enum Schema {
    /// Marks the file as a recipe store ("RCPS"), so that another program's SQLite file is
    /// never mistaken for one and migrated.
    static let applicationID: Int32 = 0x5243_5053

    struct Migration {
        let name: String
        let sql: String
    }

    static let migrations: [Migration] = [
        Migration(name: "recipes and ingredients", sql: """
            CREATE TABLE recipe (
                rowid INTEGER PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                kind TEXT NOT NULL CHECK (kind IN ('dish', 'baked', 'beverage')),
                name TEXT NOT NULL,
                summary TEXT NOT NULL DEFAULT '',
                instructions TEXT NOT NULL DEFAULT '',
                planned REAL,
                created REAL NOT NULL,
                updated REAL NOT NULL,
                oven_temperature INTEGER,
                bake_minutes INTEGER,
                alcoholic INTEGER,
                served_hot INTEGER
            );
            CREATE TABLE ingredient (
                id TEXT PRIMARY KEY NOT NULL,
                recipe_id TEXT NOT NULL REFERENCES recipe(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                name TEXT NOT NULL,
                amount TEXT NOT NULL DEFAULT ''
            );
            CREATE INDEX ingredient_by_recipe ON ingredient(recipe_id, position);
            CREATE TABLE migration (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied REAL NOT NULL);
            """),
        Migration(name: "planned date index", sql: """
            CREATE INDEX recipe_by_planned ON recipe(planned, id) WHERE planned IS NOT NULL;
            """),
    ]

    static var latestVersion: Int { migrations.count }
}
