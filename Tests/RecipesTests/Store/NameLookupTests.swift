import Foundation
@testable import RecipesCore
import Testing

/// The edit distance behind "did you mean", against the plain dynamic programme on random
/// words: with a limit it gives the distance when below the limit, else the limit.
@Suite struct NameLookupTests {
    static func levenshtein(_ a: [Character], _ b: [Character]) -> Int {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
        }
        return table[a.count][b.count]
    }

    @Test func theBoundedDistanceAgreesWithThePlainOne() {
        var random = PredicateDifferentialTests.Generator(state: 41)
        let letters = Array("abcé ")
        for _ in 0..<3_000 {
            let a = (0..<Int.random(in: 0...9, using: &random)).map { _ in letters.randomElement(using: &random)! }
            let b = (0..<Int.random(in: 0...9, using: &random)).map { _ in letters.randomElement(using: &random)! }
            let limit = Int.random(in: 1...5, using: &random)
            #expect(RecipeStore.editDistance(a, b, atMost: limit) == min(Self.levenshtein(a, b), limit), "\(String(a)) / \(String(b)) / \(limit)")
        }
    }
}
