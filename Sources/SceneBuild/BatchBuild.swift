#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SceneProject

/// Runs a plan's jobs on a work queue and adds up what became of them.
public enum BatchBuild {
    /// - Parameters:
    ///   - report: each job's result, in plan order (whatever order they finish in).
    ///   - progress: the count of finished jobs, after each one.
    /// - Returns: the counts, once every job has finished.
    public static func run(
        _ jobs: [BuildJob], runner: JobRunner, workers: Int = WorkQueue.defaultWorkers,
        progress: @escaping @Sendable (_ finished: Int, _ total: Int) -> Void = { _, _ in },
        report: @escaping @Sendable (JobResult) -> Void = { _ in }
    ) -> BuildSummary {
        let summary = Locked(BuildSummary())
        WorkQueue.run(
            count: jobs.count, workers: workers, work: { runner.run(jobs[$0]) }, completed: progress,
            deliver: { _, result in
                summary.withLock { $0.add(result) }
                report(result)
            })
        return summary.withLock { $0 }
    }
}
