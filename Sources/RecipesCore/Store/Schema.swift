/// The store's schema as an ordered list of migrations.
///
/// Ingredients are keyed by (recipe rowid, position) without a rowid of their own, so a
/// recipe's ingredients sit together on disk and loading thousands of recipes touches one page
/// per recipe rather than one per ingredient; an ingredient's UUID is kept as data (16 bytes). The file records how many have run
/// in `PRAGMA user_version`; opening an older file runs the rest in one transaction.
///
/// Dates are stored as REAL seconds since 2001-01-01 00:00:00 UTC (Foundation's reference
/// date), so that a `Date` reads back bit for bit; add 978307200 for Unix time.
enum Schema {
    /// Marks the file as a recipe store ("RCPS"), so that another program's SQLite file is
    /// never mistaken for one and migrated.
    static let applicationID: Int32 = 0x5243_5053

    struct Migration: Sendable {
        let name: String
        let sql: String
        /// Work SQL alone cannot do (folding text in Swift), run in the same transaction
        /// after every pending migration's SQL.
        var populate: (@Sendable (RecipeStore) throws -> Void)?
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
                recipe_id TEXT NOT NULL REFERENCES recipe(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                id TEXT NOT NULL,
                name TEXT NOT NULL,
                amount TEXT NOT NULL DEFAULT '',
                PRIMARY KEY (recipe_id, position)
            ) WITHOUT ROWID;
            CREATE TABLE migration (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied REAL NOT NULL);
            """),
        Migration(name: "planned date index", sql: """
            CREATE INDEX recipe_by_planned ON recipe(planned, id) WHERE planned IS NOT NULL;
            """),
        // A trigram index over each recipe's folded text (see SearchDocument). detail=none
        // keeps it small: it only answers "which recipes contain all these trigrams", a
        // superset that the exact per-row check then narrows.
        Migration(name: "search index", sql: """
            CREATE VIRTUAL TABLE recipe_search USING fts5(document, tokenize = "trigram case_sensitive 1", detail = none);
            """, populate: { store in try store.rebuildSearchIndex() }),
        // Where an imported recipe came from, so that importing the same page again finds it.
        Migration(name: "source address", sql: """
            ALTER TABLE recipe ADD COLUMN source TEXT;
            """),
        // Sync (see RecipeStore+Sync): this replica's id and clock, the stamp of every
        // recipe's latest version (a deleted recipe keeps its stamp as a tombstone), and the
        // change files already applied. Recipes already in the store count as local changes,
        // so the first sync shares them.
        Migration(name: "sync", sql: """
            CREATE TABLE sync_state (key TEXT PRIMARY KEY, value NOT NULL) WITHOUT ROWID;
            INSERT INTO sync_state VALUES ('replica', lower(hex(randomblob(16)))), ('wall', 0), ('counter', 0),
                ('local_change', (SELECT count(*) FROM recipe)), ('exported_through', 0);
            CREATE TABLE recipe_version (
                recipe_id TEXT PRIMARY KEY,
                wall INTEGER NOT NULL,
                counter INTEGER NOT NULL,
                replica TEXT NOT NULL,
                deleted INTEGER NOT NULL DEFAULT 0,
                local_change INTEGER
            ) WITHOUT ROWID;
            CREATE INDEX recipe_version_by_local_change ON recipe_version(local_change) WHERE local_change IS NOT NULL;
            INSERT INTO recipe_version (recipe_id, wall, counter, replica, local_change)
                SELECT id, CAST((updated + 978307200) * 1000 AS INTEGER), 0,
                       (SELECT value FROM sync_state WHERE key = 'replica'), row_number() OVER (ORDER BY rowid)
                FROM recipe;
            CREATE TABLE sync_applied (replica TEXT NOT NULL, file TEXT NOT NULL, applied REAL NOT NULL,
                PRIMARY KEY (replica, file)) WITHOUT ROWID;
            """),
        // The change files this store wrote, by folder name and in order: a sync compares
        // them with what its folder holds, to write a snapshot where its history is missing
        // (a new folder, deleted files) and to notice files it never wrote (a restored backup
        // or a copied store). `done` is 0 between choosing a name and the file being in place.
        Migration(name: "written change files", sql: """
            CREATE TABLE sync_written (
                rowid INTEGER PRIMARY KEY,
                replica TEXT NOT NULL,
                file TEXT NOT NULL,
                snapshot INTEGER NOT NULL,
                through INTEGER NOT NULL,
                done INTEGER NOT NULL,
                UNIQUE (replica, file)
            );
            """),
        // The text a recipe was imported from (a Cooklang file) and where in the imported
        // folder it was, so that exporting an unchanged recipe gives that text back and
        // importing the folder again finds each file's recipe. `fingerprint` is the recipe's
        // content when imported: once the recipe changes, export writes it anew.
        Migration(name: "recipe origins", sql: """
            CREATE TABLE recipe_origin (
                recipe_id TEXT PRIMARY KEY REFERENCES recipe(id) ON DELETE CASCADE,
                format TEXT NOT NULL,
                path TEXT,
                text TEXT NOT NULL,
                fingerprint INTEGER NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX recipe_origin_by_path ON recipe_origin(path) WHERE path IS NOT NULL;
            """),
        // The trigram index gives way to an index of words (see SearchIndexQuery): five times
        // cheaper to write and a fifth of the size. Contentless, so the folded text is not
        // stored a second time; a recipe's entry is removed by giving FTS5 the document it was
        // indexed with. Fragments inside words are found by scanning `search_word`, every word
        // the index has held: FTS5's own vocabulary (`recipe_words_terms`) reads each word's
        // whole list of recipes to count them, which costs as much as the index is large.
        Migration(name: "word search index", sql: """
            DROP TABLE recipe_search;
            CREATE VIRTUAL TABLE recipe_words USING fts5(document, tokenize = "ascii", content = "", detail = none, columnsize = 0);
            CREATE VIRTUAL TABLE recipe_words_terms USING fts5vocab(recipe_words, row);
            CREATE TABLE search_word (word TEXT PRIMARY KEY) WITHOUT ROWID;
            """, populate: { store in try store.rebuildSearchIndex() }),
        // Servings, yield, times and tags, which imports used to fold into the summary. Tags
        // are one column (one per line, canonical) rather than a table: they are part of the
        // recipe's one description, its record, its JSON and its sync version.
        Migration(name: "servings, times and tags", sql: """
            ALTER TABLE recipe ADD COLUMN servings INTEGER;
            ALTER TABLE recipe ADD COLUMN yield TEXT;
            ALTER TABLE recipe ADD COLUMN prep_minutes INTEGER;
            ALTER TABLE recipe ADD COLUMN cook_minutes INTEGER;
            ALTER TABLE recipe ADD COLUMN total_minutes INTEGER;
            ALTER TABLE recipe ADD COLUMN tags TEXT NOT NULL DEFAULT '';
            """),
        // The meal plan (see RecipeStore+Plan): a recipe has any number of entries, each a
        // date or a repeat, and a log of when it was cooked. Entries and cooked records carry
        // their own sync stamps, so two machines planning one recipe keep both plans; a
        // removed entry stays as a tombstone (`removed`) for sync. `recipe.planned` becomes
        // what the store derives from the entries (the next occurrence, see
        // ``Recipe/plannedDate``), kept beside `plan_after`, the occurrence after it: a
        // recipe whose `planned` has passed while `plan_after` is set needs its dates moved
        // on, which the partial index finds without reading the plan. `last_cooked` and
        // `times_cooked` are derived from the log the same way, for sorting and filtering.
        // Each planned recipe becomes one entry with the recipe's id and sync stamp, so two
        // machines that migrate the same synced recipe make the same entry.
        // Entries and cooked records have no foreign key: a deleted recipe's plan stays,
        // unseen, because another machine's later edit can bring the recipe back, and with it
        // every entry any machine made (were they deleted here, this store could never learn
        // again those it had received before). Everything reading the plan starts from a recipe.
        Migration(name: "meal plan", sql: """
            CREATE TABLE plan_entry (
                id TEXT PRIMARY KEY,
                recipe_id TEXT NOT NULL,
                date REAL NOT NULL,
                meal TEXT,
                servings INTEGER,
                note TEXT NOT NULL DEFAULT '',
                repeat TEXT,
                skipped TEXT NOT NULL DEFAULT '',
                cooked TEXT NOT NULL DEFAULT '',
                removed INTEGER NOT NULL DEFAULT 0,
                wall INTEGER NOT NULL,
                counter INTEGER NOT NULL,
                replica TEXT NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX plan_entry_by_recipe ON plan_entry(recipe_id);
            CREATE INDEX plan_entry_by_date ON plan_entry(date) WHERE removed = 0 AND repeat IS NULL;
            CREATE INDEX plan_entry_repeating ON plan_entry(recipe_id) WHERE removed = 0 AND repeat IS NOT NULL;
            CREATE TABLE cooked (
                id TEXT PRIMARY KEY,
                recipe_id TEXT NOT NULL,
                date REAL NOT NULL,
                entry_id TEXT,
                wall INTEGER NOT NULL,
                counter INTEGER NOT NULL,
                replica TEXT NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX cooked_by_recipe ON cooked(recipe_id, date);
            ALTER TABLE recipe ADD COLUMN plan_after REAL;
            ALTER TABLE recipe ADD COLUMN last_cooked REAL;
            ALTER TABLE recipe ADD COLUMN times_cooked INTEGER NOT NULL DEFAULT 0;
            CREATE INDEX recipe_plan_passing ON recipe(planned) WHERE plan_after IS NOT NULL;
            INSERT INTO plan_entry (id, recipe_id, date, wall, counter, replica)
                SELECT r.id, r.id, r.planned, coalesce(v.wall, 0), coalesce(v.counter, 0),
                       coalesce(v.replica, (SELECT value FROM sync_state WHERE key = 'replica'))
                FROM recipe r LEFT JOIN recipe_version v ON v.recipe_id = r.id
                WHERE r.planned IS NOT NULL;
            """),
        // A line of an ingredient list can be a heading ("For the dough"), which recipe pages
        // put among their ingredients: a flag on the line keeps its place in the order.
        Migration(name: "ingredient headings", sql: """
            ALTER TABLE ingredient ADD COLUMN heading INTEGER NOT NULL DEFAULT 0;
            """),
        // How many ingredient lines a recipe lists (headings not counted), kept on its row: a
        // list of thousands of recipes then reads one row each, not each recipe's ingredients
        // (counting them was two thirds of a common word's search). The store writes it with
        // the row. A writer that knows nothing of the column (a process of an older version
        // still running on the upgraded file, such as a `sync --watch` service; another SQLite
        // client) leaves a new row's count NULL, and when it removes or changes a line, a
        // trigger clears the count; a NULL count is counted from the lines when read
        // (RecipeRecord.ingredientCountSQL). A recipe without lines has NULL, not 0, as the
        // older code adds lines to it without removing any. Adding lines has no trigger: one
        // on insert makes SQLite open a statement journal for every line, and loading recipes
        // ran at 60% of the rate. So a line another client adds to a recipe that has lines,
        // removing none (INSERT OR REPLACE removes without firing triggers), is left out of
        // its count until the recipe is next saved.
        Migration(name: "ingredient count", sql: """
            ALTER TABLE recipe ADD COLUMN ingredient_count INTEGER;
            UPDATE recipe SET ingredient_count = nullif((SELECT count(*) FROM ingredient WHERE recipe_id = recipe.id AND heading = 0), 0);
            CREATE TRIGGER ingredient_removed AFTER DELETE ON ingredient BEGIN
                UPDATE recipe SET ingredient_count = NULL WHERE id = OLD.recipe_id AND ingredient_count IS NOT NULL;
            END;
            CREATE TRIGGER ingredient_changed AFTER UPDATE OF recipe_id, heading ON ingredient BEGIN
                UPDATE recipe SET ingredient_count = NULL WHERE id IN (OLD.recipe_id, NEW.recipe_id) AND ingredient_count IS NOT NULL;
            END;
            """),
        // Ingredient lines keyed by their recipe's rowid, not its 36-character id, and each
        // line's own id kept as 16 bytes (UUID.storedBytes): a recipe has about ten lines, so
        // this is 0.56 KB less per recipe, a third of the table. New lines are written in
        // rowid order, so pages fill up instead of splitting at random keys. A predicate
        // compares a line's id as text (recipes_id_text). Ids that are not UUIDs (another
        // program's) stay as they were, and reading gives such a line an id made from the stored
        // one (see `UUID(line:of:storedAs:)`), which the next edit writes; a line whose
        // recipe is gone (written with foreign keys off) was never read, and is left behind.
        // A process of an older version still open on the file fails its next write that
        // touches ingredients ("no such column"), rolling it back whole, and opening the file
        // again with it says the store is newer.
        Migration(name: "ingredients keyed by recipe row", sql: """
            DROP TRIGGER ingredient_removed;
            DROP TRIGGER ingredient_changed;
            ALTER TABLE ingredient RENAME TO ingredient_by_recipe_id;
            CREATE TABLE ingredient (
                recipe INTEGER NOT NULL REFERENCES recipe(rowid) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                id BLOB NOT NULL,
                name TEXT NOT NULL,
                amount TEXT NOT NULL DEFAULT '',
                heading INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (recipe, position)
            ) WITHOUT ROWID;
            INSERT INTO ingredient (recipe, position, id, name, amount, heading)
                SELECT r.rowid, i.position, recipes_id_bytes(i.id), i.name, i.amount, i.heading
                FROM ingredient_by_recipe_id i JOIN recipe r ON r.id = i.recipe_id
                ORDER BY r.rowid, i.position;
            DROP TABLE ingredient_by_recipe_id;
            CREATE TRIGGER ingredient_removed AFTER DELETE ON ingredient BEGIN
                UPDATE recipe SET ingredient_count = NULL WHERE rowid = OLD.recipe AND ingredient_count IS NOT NULL;
            END;
            CREATE TRIGGER ingredient_changed AFTER UPDATE OF recipe, heading ON ingredient BEGIN
                UPDATE recipe SET ingredient_count = NULL WHERE rowid IN (OLD.recipe, NEW.recipe) AND ingredient_count IS NOT NULL;
            END;
            """),
        // Every search asks whether the index holds a word of 32,768 bytes or more
        // (SearchIndexQuery.exactnessGuard). Without an index that scanned every listed word,
        // a seventh of a millisecond per search; this one is empty unless such a word exists,
        // and SQLite keeps it whoever writes the word.
        Migration(name: "long search word index", sql: """
            CREATE INDEX search_word_long ON search_word(word) WHERE length(CAST(word AS BLOB)) >= 32768;
            """),
        // The name as Finder orders it (``TextMatching/standardSortKey(_:)``: case and accents
        // folded, numbers by value), kept on the row as it is written: a list sorted by it
        // reads a column instead of working the key out for every row. A row another program
        // writes has none; ``Recipe/nameSortKey`` reads the key worked out then.
        Migration(name: "name sort key", sql: """
            ALTER TABLE recipe ADD COLUMN name_key TEXT;
            UPDATE recipe SET name_key = recipes_standard_key(name);
            """),
        // The meal being cooked (see RecipeStore+PlannedDates): `next` shows it until it is
        // cooked or its time is over, through this index, one lookup when there is none.
        // Rows get it as their dates are next worked out; a single date with nothing after
        // it needs none (it stays `planned`).
        // A cooked record can be undone (`cooked --undo`): it stays as a tombstone that sync
        // carries (`removed`), with the planned occurrence it fulfilled (`occurrence`), which
        // is open again unless another record fulfils it (RecipeStore+CookedUndo). The index
        // finds the undone ones, usually none.
        Migration(name: "meal in progress, cooking undone", sql: """
            ALTER TABLE recipe ADD COLUMN plan_current REAL;
            CREATE INDEX recipe_plan_current ON recipe(plan_current) WHERE plan_current IS NOT NULL;
            ALTER TABLE cooked ADD COLUMN occurrence REAL;
            ALTER TABLE cooked ADD COLUMN removed INTEGER NOT NULL DEFAULT 0;
            CREATE INDEX cooked_undone ON cooked(entry_id) WHERE removed = 1;
            """),
        // What each ingredient line needs, as the vocabulary reads it (IngredientNeed): the
        // recipes using an ingredient, and what a pantry can cook, are then found through an
        // index instead of reading every line. It is this store's own reading, never synced
        // (RecipeStore+IngredientNeeds): a recipe saved is unread (`needs_read` NULL, which
        // any other writer leaves too) until a feature asks; `local_state` names the
        // vocabulary it was read with, whose kinds `ingredient_kind` keeps, and a store asked
        // with another (a configuration's new ingredient lines, a newer version's rules) reads
        // every line again.
        Migration(name: "ingredient needs", sql: """
            CREATE TABLE ingredient_need (
                recipe INTEGER NOT NULL REFERENCES recipe(rowid) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                identity TEXT NOT NULL,
                known INTEGER NOT NULL,
                either INTEGER NOT NULL,
                optional INTEGER NOT NULL,
                PRIMARY KEY (recipe, position, identity)
            ) WITHOUT ROWID;
            CREATE INDEX ingredient_need_by_identity ON ingredient_need(identity);
            CREATE TABLE ingredient_kind (identity TEXT PRIMARY KEY, kind TEXT) WITHOUT ROWID;
            CREATE INDEX ingredient_kind_by_kind ON ingredient_kind(kind);
            CREATE TABLE local_state (key TEXT PRIMARY KEY, value NOT NULL) WITHOUT ROWID;
            ALTER TABLE recipe ADD COLUMN needs_read INTEGER;
            CREATE INDEX recipe_needs_unread ON recipe(rowid) WHERE needs_read IS NULL;
            """),
        // What the kitchen holds (RecipeStore+Pantry), one row per ingredient. Its id is made
        // from the identity, so two machines adding eggs make one item. It syncs as recipes
        // do: its version is a `recipe_version` row under that id, and a removed item stays
        // as a tombstone (`removed`) that travels.
        Migration(name: "pantry", sql: """
            CREATE TABLE pantry_item (
                id TEXT PRIMARY KEY,
                identity TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                quantity REAL,
                dimension TEXT,
                count_unit TEXT NOT NULL DEFAULT '',
                use_by REAL,
                removed INTEGER NOT NULL DEFAULT 0
            ) WITHOUT ROWID;
            """),
        // A meal the planner's reroll leaves alone (`plan RECIPE WHEN --lock`); it travels
        // with the entry in sync and in exports.
        Migration(name: "locked plan entries", sql: """
            ALTER TABLE plan_entry ADD COLUMN locked INTEGER NOT NULL DEFAULT 0;
            """),
        // The picture's address and the nutrition per serving that recipe pages and Cooklang
        // files give (Nutrition.text, NULL for none).
        Migration(name: "image and nutrition", sql: """
            ALTER TABLE recipe ADD COLUMN image TEXT;
            ALTER TABLE recipe ADD COLUMN nutrition TEXT;
            """),
        // When cooking each planned recipe should start (RecipeStore.startSQL, which must
        // stay this expression): `recipes next` shows the one that starts first, a roast at
        // 19:00 that takes two hours before a soup at 18:00, reading one row of this index,
        // and passes over past meals (the second column) without reading their rows.
        Migration(name: "cooking start index", sql: """
            CREATE INDEX recipe_by_start ON recipe(planned - 60.0 * min(max(coalesce(total_minutes, CASE WHEN prep_minutes IS NULL \
            AND cook_minutes IS NULL THEN 0 ELSE coalesce(prep_minutes, 0) + coalesce(cook_minutes, 0) END), 0), 43200), planned, id) \
            WHERE planned IS NOT NULL;
            """),
    ]

    static var latestVersion: Int { migrations.count }
}
