print(sampleRecipesJSON.count)
