import Foundation
import SceneCompiler
import SceneProject
import SceneSource
import Testing

/// Every manifest input of the second fuzzer's kept corpus (Fuzz/corpus-options, minimized by
/// `make fuzz-options`; an even first byte marks a manifest) is read and planned here too, in the
/// debug build where every Swift check is on: problems are located inside the file, and a plan
/// without problems names outputs inside the output folder only.
struct OptionCorpusTests {
    static let folder = Support.packageFolder.appendingPathComponent("Fuzz/corpus-options")

    @Test func theManifestCorpusPlansOrFailsCleanly() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        #expect(names.count >= 50)
        let scenes = [
            Support.scene(
                "<scene width=\"40\" height=\"30\"><param name=\"i\" type=\"int\" default=\"1\"/></scene>",
                at: "\(Support.folder)/types.scene")
        ]
        for name in names {
            let input = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
            guard let first = input.first, first & 1 == 0 else { continue }
            let bytes = Array(input.dropFirst())
            var sources = SourceMap()
            let (loaded, problems) = ManifestLoader.load(
                path: "\(Support.folder)/scenes.json", bytes: bytes,
                folder: Support.folder, sources: &sources)
            if loaded == nil { #expect(!problems.isEmpty, "\(name): refused without a reason") }
            for problem in problems {
                #expect(problem.span.start >= 0 && problem.span.end <= bytes.count + 1, "\(name): \(problem.message)")
            }
            var plan = BuildPlanner.plan(
                scenes: scenes, manifests: loaded.map { [$0] } ?? [], sources: sources,
                sceneExists: { $0.hasSuffix(".scene") })
            plan.problems = problems.map(PlanProblem.init) + plan.problems
            _ = plan.renderProblems(style: .rich)
            guard plan.problems.isEmpty else { continue }
            for output in plan.jobs.flatMap(\.outputs) {
                #expect(!output.fileName.hasPrefix("/") && !output.fileName.split(separator: "/").contains(".."), "\(name)")
            }
        }
    }
}
