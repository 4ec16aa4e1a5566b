/// What recipes(1) says of `recipes import` beyond its spec.
extension ImportCommand {
    static let manual = CommandManual(
        .init(#"""
            Adds the recipes of such a file (or of standard input for
            .BR \- ),
            of a web page saved as HTML or a JSON file holding schema.org Recipe data, or fetched from its
            web address (see "Importing a web address" with the import options below), of a Cooklang
            .I .cook
            file, or of every
            .I .cook
            file in a folder and its subfolders. From Cooklang, the title (front matter
            .BR title ,
            a
            .B >> title:
            line, else the file name) is the name; the source address comes from
            .BR source ;
            servings (a number, else what it makes), what it makes, tags and the times (prep time, cook time,
            time, time required, duration; the total is prep + cook when absent) fill their fields;
            nutrition keys (calories, fat, protein, carbohydrates, sugar, fiber, sodium, salt,
            cholesterol, also under nutrition.) the nutrition per serving, and image the picture's
            address; description, cuisine, course, author, a time and a nutrition value that cannot be
            read form the summary; each
            ingredient mention an ingredient, its amount as written (1/2 cup, 1\-2, 4 150g each) with its
            note in parentheses (200 g (cubed)); the steps, written out, the instructions, a section
            heading as a line of its own; block comments are dropped; a last step that only lists
            ingredients (as the export writes) is not an instruction; tags or a category such as dessert
            or bread make a baked good, drink or cocktail a beverage. The file's text is kept beside the recipe, with
            its path in the folder imported: exporting the recipe while it is unchanged gives that file
            back byte for byte, and importing the folder again finds each file's recipe by its path, so
            same-named files in two folders stay two recipes, each named by its path
            .RI ( "recipes show Dinners/Meatballs" ).
            From a web page, every
            Recipe in its
            .B application/ld+json
            script blocks is read (in
            .BR @graph ,
            arrays and later blocks; instructions as text, lists, HowToStep and HowToSection objects;
            HTML entities and tags removed; ingredients split into amount and name, with the units and
            connectors of the main European languages and mass/volume pairs such as 250g/8oz; the
            category, then the name, then the keywords make the kind (breads, cakes, cookies, pies are
            baked; ice cream, tiramisu, no\-bake and fried sweets, compotes are dishes, whatever the
            category; drinks, smoothies, lassi, sangria are beverages, unless the steps set them in a
            mould or bake them); recipeYield gives the servings
            when it is a number of them (4, Serves 4), else what it makes; prepTime, cookTime and
            totalTime the times (the total is prep + cook when absent); image the picture's address (the
            first of a list, an ImageObject's url); nutrition (NutritionInformation: calories,
            fatContent, proteinContent ..., per serving, "12 g" or "0.6 g" of sodium as 600 mg) the
            nutrition; recipeCategory and recipeCuisine
            the tags, with those keywords that are not written for search engines (not the recipe's name
            or a phrase of its words, not an ingredient, not the site, not "recipe", "ricetta" or
            "recette facile", at most three words), eight tags at most; the description the summary. A recipe shown twice in a page is imported once; a
            block that only rates a recipe is not one. A page with Recipe microdata (itemprop
            attributes) instead of JSON\-LD is read the same way. Parts that cannot be read (a recipe without a name, a broken duration such as
            PTNaNM, a block that is not JSON) are left out and listed on standard error, one
            .B recipes: skipped:
            line each. Everything is added
            in one transaction: a file with any bad recipe imports nothing. A recipe the store already
            has \(em the same id, the same source web address (when only one recipe has it), or the
            same name (ignoring case, accents and punctuation) and kind
            \(em is skipped, so importing a file twice adds nothing the second time. Besides
            .BR planned ,
            a recipe may give
            .B plannedIn
            {"days": 2, "time": "18:00"}, counted from the day of the import.
            """#),
        options: [
            .init("--replace", text: #"""
                Overwrite the recipes the store already has, keeping their ids, instead of skipping them.
                A replaced recipe keeps its meal plan and cooked days; those the file has are added.
                """#),
            .init("--timeout", text: #"""
                How long fetching a web address may take, 1 to 600 (default 30).
                .PP
                .B Importing a web address.
                An argument that begins with
                .B http://
                or
                .B https://
                is fetched with the system's
                .BR curl (1)
                (the program needs it only for this; without it the error says what to install), then read
                as a saved file would be: a page, schema.org JSON, or a
                .I .cook
                file when the address ends in one. Redirects are followed, only to http or https addresses;
                the page is read into memory, 16 MB at most, and written nowhere; the address is one argument
                of curl's, never text a shell reads, and
                .I ~/.curlrc
                is not read. The address the page ended at (after redirects) is the recipe's source when the
                page names none, so importing it again, or through an address that redirects to it, adds
                nothing, and
                .B recipes duplicates
                finds two machines' imports of it. Each failure is one line on standard error, exit status
                2, the store untouched: the host does not resolve, the connection is refused or breaks off,
                the secure connection fails (TLS), the server answers an error (404 (not found)), no answer
                within the timeout, a redirect to another scheme, a page over 16 MB, a page without a recipe.
                .PP
                When standard error is a terminal, import shows its progress there (the file being read,
                then the count and rate of recipes), redrawn in place and erased at the end; otherwise
                nothing.
                """#),
        ])
}
