import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// The one description of a recipe's columns (RecipeColumns.swift) against what else must
/// agree with it: the migrated schema, the JSON archive, the model.
@Suite struct StoredColumnsTests {
    @Test func everyDescribedColumnIsInTheMigratedSchemaAndEveryDataColumnIsDescribed() throws {
        let store = try RecipeStore.inMemory()
        func columns(of table: String) throws -> Set<String> {
            Set(try store.database.fetchAll("SELECT name FROM pragma_table_info(?)", [table]) { try $0["name"] as String })
        }
        // `rowid` is the search index's key, not data; `needs_read` marks lines the store has
        // read into ingredient needs (RecipeStore+IngredientNeeds).
        #expect(try columns(of: "recipe").subtracting(["rowid", "plan_after", "plan_current", "needs_read"] + RecipeRecord.derivedColumnNames)
            == Set(RecipeRecord.columns.map(\.name)))
        #expect(try columns(of: "ingredient").subtracting(["recipe", "position"])
            == Set(RecipeRecord.IngredientRecord.columns.map(\.name)))
    }

    @Test func theJSONArchiveHasAKeyForEveryColumn() throws {
        let recipe = BakedGood(name: "Bread", summary: "s", instructions: "i", plannedDate: Date(), ovenTemperature: 220, bakeMinutes: 30)
        recipe.sourceURL = "https://example.com"
        recipe.ingredients = [Ingredient(name: "For the dough", isHeading: true), Ingredient(name: "Flour", amount: "500 g")]
        (recipe.servings, recipe.yield, recipe.tags) = (8, "1 loaf", ["bread"])
        (recipe.prepMinutes, recipe.cookMinutes, recipe.totalMinutes) = (20, 30, 180)
        (recipe.lastCooked, recipe.timesCooked) = (Date(), 2)
        (recipe.imageURL, recipe.nutrition) = ("https://example.com/bread.jpg", Nutrition([.calories: 250]))
        let beverage = Beverage(name: "Tea", isAlcoholic: false, isServedHot: true)
        var keys = Set<String>(), ingredientKeys = Set<String>()
        for model in [recipe, beverage] as [Recipe] {
            let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(RecipeJSON(model))) as! [String: Any]
            keys.formUnion(object.keys)
            for ingredient in object["ingredients"] as! [[String: Any]] { ingredientKeys.formUnion(ingredient.keys) }
        }
        #expect(keys.subtracting(["ingredients", "plan", "cooked"]) == Set(RecipeRecord.columns.map(\.jsonKey)))
        #expect(ingredientKeys == Set(RecipeRecord.IngredientRecord.columns.map(\.jsonKey)))
    }

    @Test func aRecordGoesToTheModelAndBackWhole() {
        let baked = BakedGood(name: "Bread", summary: "s", instructions: "i", plannedDate: Date(timeIntervalSinceReferenceDate: 5),
                              ingredients: [Ingredient(name: "Flour", amount: "1 kg")], ovenTemperature: 200, bakeMinutes: 40)
        baked.sourceURL = "https://example.com/bread"
        (baked.servings, baked.yield, baked.tags) = (8, "1 loaf", ["bread", "italian"])
        (baked.prepMinutes, baked.cookMinutes, baked.totalMinutes) = (20, 30, 180)
        let beverage = Beverage(name: "Mulled wine", isAlcoholic: true, isServedHot: true)
        for recipe in [baked, beverage, Recipe(name: "Soup")] as [Recipe] {
            let record = RecipeRecord(recipe)
            #expect(RecipeRecord(record.makeRecipe()) == record)
        }
        #expect(RecipeRecord(Recipe(name: "Soup")).isAlcoholic == nil)
        #expect(RecipeRecord(beverage).ovenTemperature == nil)
    }

    @Test func editableFieldsAreTheModelPropertiesInOrder() {
        #expect(RecipeRecord.editableFields.map(\.name) == ["name", "summary", "instructions", "plannedDate", "sourceURL",
                                                            "servings", "yield", "prepMinutes", "cookMinutes", "totalMinutes",
                                                            "tags", "imageURL", "nutrition",
                                                            "ovenTemperature", "bakeMinutes", "isAlcoholic", "isServedHot", "ingredients"])
    }

    @Test func anArchiveKeepsServingsTimesAndTags() throws {
        let soup = Recipe(name: "Soup")
        (soup.servings, soup.yield, soup.prepMinutes, soup.cookMinutes, soup.totalMinutes) = (4, "2 litres", 10, 30, 45)
        soup.tags = ["winter", "quick"]
        let archive = try RecipeArchive.decode(RecipeArchive(recipes: [RecipeJSON(soup)]).encoded())
        let read = try #require(try archive.makeRecipes().first)
        #expect(read.servings == 4 && read.yield == "2 litres" && read.tags == ["quick", "winter"])
        #expect(read.prepMinutes == 10 && read.cookMinutes == 30 && read.totalMinutes == 45)
        // An older archive without the keys reads as before.
        let old = try RecipeArchive.decode(Data(#"{"format": "recipes", "version": 1, "recipes": [{"name": "Tea"}]}"#.utf8))
        #expect(try old.makeRecipes().first?.tags == [])
    }

    @Test func aNegativeOrAbsurdTimeOrNoServingsIsRefusedByTheStore() throws {
        let store = try RecipeStore.inMemory()
        for change in [{ (r: Recipe) in r.servings = 0 }, { $0.cookMinutes = -5 }, { $0.totalMinutes = Recipe.longestMinutes + 1 }] {
            let context = ModelContext(store)
            let recipe = Recipe(name: "Soup")
            change(recipe)
            context.insert(recipe)
            #expect(throws: RecipeStoreError.self) { try context.save() }
        }
    }

    @Test func tagsAreKeptLowercasedSortedAndOnce() {
        let recipe = Recipe(name: "Soup")
        recipe.tags = ["Italian", "  quick\n lunch ", "italian", " "]
        #expect(recipe.tags == ["italian", "quick lunch"])
    }

    @Test func theWriteStatementsNameEveryColumnOnce() {
        #expect(RecipeRecord.insertSQL.hasPrefix("INSERT INTO recipe (id, kind, name,"))
        #expect(RecipeRecord.updateSQL.hasSuffix("WHERE id = ?1"))
        #expect(!RecipeRecord.updateSQL.contains("SET id"))
    }
}

/// The typed SQLite layer: values, rows by name, the cache, the trace and result codes.
@Suite struct TypedSQLiteTests {
    @Test func valuesGoInAndComeBackTyped() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute("CREATE TABLE t (s TEXT, i INTEGER, d REAL, b INTEGER, at REAL, id TEXT, missing TEXT)")
        let id = UUID(), date = Date(timeIntervalSinceReferenceDate: 12.25)
        try db.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?)", ["text", 42, 1.5, true, date, id, nil])
        let row = try db.fetchOne("SELECT * FROM t") { row in
            (try row["s"] as String, try row["i"] as Int, try row["d"] as Double, try row["b"] as Bool,
             try row["at"] as Date, try row["id"] as UUID, try row["missing"] as String?)
        }
        #expect(row?.0 == "text" && row?.1 == 42 && row?.2 == 1.5 && row?.3 == true)
        #expect(row?.4 == date && row?.5 == id && row?.6 == nil)
        // NULL is not a String: reading it as one fails instead of giving "".
        #expect(throws: SQLiteError.self) { try db.fetchOne("SELECT missing FROM t") { try $0["missing"] as String } }
        #expect(throws: SQLiteError.self) { try db.fetchOne("SELECT s FROM t") { try $0["nope"] as String } }
    }

    @Test func resultCodesMatchInCatch() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute("CREATE TABLE t (x TEXT UNIQUE)")
        try db.execute("INSERT INTO t VALUES (?)", ["a"])
        var caught: [String] = []
        do {
            try db.execute("INSERT INTO t VALUES (?)", ["a"])
        } catch SQLiteError.ResultCode.busy {
            caught.append("busy")
        } catch SQLiteError.ResultCode.constraintUnique {
            caught.append("unique")
        }
        do {
            try db.execute("INSERT INTO t VALUES (?)", ["a"])
        } catch SQLiteError.ResultCode.constraint {
            caught.append("constraint")
        }
        #expect(caught == ["unique", "constraint"])
    }

    @Test func aCachedStatementInUseIsNotSharedWithANestedCall() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute("CREATE TABLE t (x INTEGER)")
        for x in 1...3 { try db.execute("INSERT INTO t VALUES (?)", [x]) }
        var pairs = 0
        try db.forEachRow("SELECT x FROM t") { _ in
            pairs += try db.fetchAll("SELECT x FROM t") { try $0["x"] as Int }.count
            return true
        }
        #expect(pairs == 9)
    }
}

/// The SQL a store call runs, seen through the connection's trace.
@Suite struct StoreTraceTests {
    @Test func nextIsOneIndexedQueryOfTheRecipeTable() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
        temporary.store.clock = { now }
        for hours in 1...50 { context.insert(Recipe(name: "Dish \(hours)", plannedDate: now.addingTimeInterval(Double(hours) * 3_600))) }
        context.insert(Recipe(name: "Unplanned"))
        try context.save()
        var statements: [String] = []
        temporary.store.database.trace { statements.append($0) }
        let next = try temporary.store.nextPlannedRecipe(after: now)
        temporary.store.database.trace(nil)
        #expect(next?.recipe.name == "Dish 1")
        // A look for plans that have passed (none), one for a meal in progress (none), the
        // query, and the recipe's ingredients: nothing else runs.
        #expect(statements == [RecipeStore.passedPlansSQL, RecipeStore.inProgressSQL(.all), RecipeStore.nextStartingSQL(.all),
                               RecipeRecord.IngredientRecord.selectSQL])
        let current = try temporary.store.database.fetchAll("EXPLAIN QUERY PLAN " + RecipeStore.inProgressSQL(.all),
                                                             [now, now - 7_200], cached: false) { try $0["detail"] as String }
        // Each half from its index (the planned half from the index alone); no scan of the table.
        #expect(current.contains { $0.contains("COVERING INDEX recipe_by_planned") } && current.contains { $0.contains("INDEX recipe_plan_current") },
                "\(current)")
        #expect(!current.contains { $0.hasPrefix("SCAN recipe") }, "\(current)")
        let plan = try temporary.store.database.fetchAll("EXPLAIN QUERY PLAN " + RecipeStore.nextStartingSQL(.all),
                                                          RecipeStore.nextStartingArguments(now), cached: false) { try $0["detail"] as String }
        #expect(plan.count == 1 && plan[0].contains("USING INDEX recipe_by_start"))
        let passed = try temporary.store.database.fetchAll("EXPLAIN QUERY PLAN " + RecipeStore.passedPlansSQL,
                                                            [now], cached: false) { try $0["detail"] as String }
        // The passed plans from their partial index, the moment the dates were worked out by key.
        #expect(passed.contains { $0.contains("INDEX recipe_plan_passing") }, "\(passed)")
        #expect(passed.contains { $0.contains("sync_state USING PRIMARY KEY") || $0.contains("sync_state USING INDEX") }, "\(passed)")
        #expect(!passed.contains { $0.hasPrefix("SCAN") }, "\(passed)")
    }

    @Test func aSaveRunsOneTransaction() throws {
        let temporary = TemporaryStore()
        let context = ModelContext(temporary.store)
        context.insert(Recipe(name: "Soup", ingredients: [Ingredient(name: "Leek"), Ingredient(name: "Potato")]))
        var statements: [String] = []
        temporary.store.database.trace { statements.append($0) }
        try context.save()
        temporary.store.database.trace(nil)
        #expect(statements.first == "BEGIN IMMEDIATE" && statements.last == "COMMIT", "\(statements)")
        #expect(statements.filter { $0 == RecipeRecord.IngredientRecord.insertSQL }.count == 2)
        #expect(statements.filter { $0 == RecipeRecord.insertSQL }.count == 1)
    }
}
