import Foundation
@testable import Recipes
@testable import RecipesCore
import Testing

/// Meal times come from defaults and `meal.NAME = HH:MM` lines; a bad line is reported with
/// its file and line, compiler style.
@Suite struct MealTimesTests {
    let path = "~/.config/recipes/config"

    @Test func theDefaultsAreBreakfastLunchAndDinner() {
        let meals = MealTimes.default
        #expect(meals.meals.map(\.name) == ["breakfast", "lunch", "dinner"])
        #expect(meals.time(of: "breakfast")! == (8, 0))
        #expect(meals.time(of: "lunch")! == (12, 30))
        #expect(meals.time(of: "dinner")! == (18, 0))
        #expect(meals.time(of: "brunch") == nil)
    }

    @Test func aConfigurationChangesAndAddsMealsInTimeOrder() throws {
        let text = """
            # meals
            meal.breakfast = 07:30

            meal.brunch=10:30   # weekends
              meal.Tea-2 = 16:05\r
            meal.supper = 9:45
            """
        let meals = try MealTimes(configuration: text, path: path)
        #expect(meals.meals.map(\.name) == ["breakfast", "supper", "brunch", "lunch", "tea-2", "dinner"])
        #expect(meals.time(of: "breakfast")! == (7, 30))
        #expect(meals.time(of: "tea-2")! == (16, 5))
        #expect(try MealTimes(configuration: "", path: path) == .default)
    }

    @Test(arguments: [
        ("meal.lunch = 12:00\n\nmeal.brunch = 25:00", "~/.config/recipes/config:3: '25:00' is not a time (HH:MM)"),
        ("meal.brunch = 10:3", "~/.config/recipes/config:1: '10:3' is not a time (HH:MM)"),
        ("meal.brunch = 10.30", "~/.config/recipes/config:1: '10.30' is not a time (HH:MM)"),
        ("meal.brunch =", "~/.config/recipes/config:1: '' is not a time (HH:MM)"),
        ("brunch = 10:30", "~/.config/recipes/config:1: unknown setting 'brunch' (\(settingsExpected))"),
        ("meal.brunch 10:30", "~/.config/recipes/config:1: expected a setting, KEY = VALUE (\(settingsExpected))"),
        ("meal.late snack = 22:00", "~/.config/recipes/config:1: 'late snack' is not a meal name (one word of letters, digits and '-', starting with a letter)"),
        ("meal.2nd = 22:00", "~/.config/recipes/config:1: '2nd' is not a meal name (one word of letters, digits and '-', starting with a letter)"),
        ("meal.fri = 10:00", "~/.config/recipes/config:1: 'fri' cannot be a meal: WHEN reads it as a day or a time"),
        ("meal.tonight = 10:00", "~/.config/recipes/config:1: 'tonight' cannot be a meal: WHEN reads it as a day or a time"),
        ("meal.thurs = 10:00", "~/.config/recipes/config:1: 'thurs' cannot be a meal: WHEN reads it as a day or a time"),
        ("meal.dec = 10:00", "~/.config/recipes/config:1: 'dec' cannot be a meal: WHEN reads it as a day or a time"),
        ("meal.mon-fri = 10:00", "~/.config/recipes/config:1: 'mon-fri' cannot be a meal: WHEN reads it as a day or a time"),
        ("meal.every = 10:00", "~/.config/recipes/config:1: 'every' cannot be a meal: WHEN reads it as a day or a time"),
        ("meal.brunch = 10:30\nmeal.BRUNCH = 11:00", "~/.config/recipes/config:2: meal 'brunch' is already set on line 1"),
    ])
    func aBadLineNamesTheFileTheLineAndTheProblem(text: String, message: String) {
        #expect { try MealTimes(configuration: text, path: path) } throws: { error in
            "\(error)" == message
        }
    }

    @Test func theConfigurationFileFollowsXDG() {
        #expect(MealTimes.configurationPath(environment: ["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/a"]) == "/x/conf/recipes/config")
        #expect(MealTimes.configurationPath(environment: ["XDG_CONFIG_HOME": "/x/conf/", "HOME": "/home/a"]) == "/x/conf/recipes/config")
        #expect(MealTimes.configurationPath(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/a"]) == "/home/a/.config/recipes/config")
        #expect(MealTimes.configurationPath(environment: ["XDG_CONFIG_HOME": "conf", "HOME": "/home/a"]) == "/home/a/.config/recipes/config")
        #expect(MealTimes.configurationPath(environment: ["HOME": "/home/a"]) == "/home/a/.config/recipes/config")
        #expect(MealTimes.configurationPath(environment: ["HOME": ""]) == nil)
        #expect(MealTimes.configurationPath(environment: [:]) == nil)
    }
}

/// What the configuration file's lines may be, as errors say.
private let settingsExpected = "expected meal.NAME = HH:MM, ingredient.NAME = FIELDS, aisle.NAME = INGREDIENTS, units = metric|us or fill.RULE = VALUE"
