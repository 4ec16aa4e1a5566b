import Foundation
@testable import Recipes
@testable import RecipesCore

/// A store in a fresh temporary directory, removed when the value is released.
final class TemporaryStore {
    let directory: URL
    let url: URL
    private(set) lazy var store: RecipeStore = try! RecipeStore(url: url)

    init() {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("recipes-tests-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        url = directory.appendingPathComponent("recipes.sqlite")
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A second, independent connection to the same file, for checking what is on disk.
    func rawConnection() throws -> SQLiteConnection {
        try SQLiteConnection(path: url.path)
    }

    /// SQL that undoes the migrations after 12, for tests that turn a store back into an older
    /// one: locks, the pantry, the stored needs, the meal in progress and undone cooking, the
    /// name sort key and the long-word index go, and the ingredient lines are put back as schema 12 and before kept them (keyed by the recipe's id, each line's id as
    /// text). With `countTriggers`, also migration 12's triggers, which keyed by the same.
    static func version12Schema(countTriggers: Bool) -> String {
        """
        ALTER TABLE recipe DROP COLUMN image;
        ALTER TABLE recipe DROP COLUMN nutrition;
        ALTER TABLE plan_entry DROP COLUMN locked;
        DROP TABLE pantry_item;
        DROP TABLE ingredient_need;
        DROP TABLE ingredient_kind;
        DROP TABLE local_state;
        DROP INDEX recipe_needs_unread;
        ALTER TABLE recipe DROP COLUMN needs_read;
        DROP INDEX recipe_plan_current;
        ALTER TABLE recipe DROP COLUMN plan_current;
        DROP INDEX cooked_undone;
        ALTER TABLE cooked DROP COLUMN occurrence;
        ALTER TABLE cooked DROP COLUMN removed;
        ALTER TABLE recipe DROP COLUMN name_key;
        DROP INDEX search_word_long;
        DROP TRIGGER ingredient_removed;
        DROP TRIGGER ingredient_changed;
        CREATE TABLE ingredient_12 (
            recipe_id TEXT NOT NULL REFERENCES recipe(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            id TEXT NOT NULL,
            name TEXT NOT NULL,
            amount TEXT NOT NULL DEFAULT '',
            heading INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (recipe_id, position)
        ) WITHOUT ROWID;
        INSERT INTO ingredient_12 SELECT r.id, i.position, recipes_id_text(i.id), i.name, i.amount, i.heading
            FROM ingredient i JOIN recipe r ON r.rowid = i.recipe;
        DROP TABLE ingredient;
        ALTER TABLE ingredient_12 RENAME TO ingredient;
        """ + (countTriggers ? """
        CREATE TRIGGER ingredient_removed AFTER DELETE ON ingredient BEGIN
            UPDATE recipe SET ingredient_count = NULL WHERE id = OLD.recipe_id AND ingredient_count IS NOT NULL;
        END;
        CREATE TRIGGER ingredient_changed AFTER UPDATE OF recipe_id, heading ON ingredient BEGIN
            UPDATE recipe SET ingredient_count = NULL WHERE id IN (OLD.recipe_id, NEW.recipe_id) AND ingredient_count IS NOT NULL;
        END;
        """ : "")
    }

    func count(_ sql: String) throws -> Int {
        guard case .integer(let value)? = try rawConnection().scalar(sql) else { return -1 }
        return Int(value)
    }
}
