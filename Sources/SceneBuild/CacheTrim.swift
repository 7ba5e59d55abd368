import SceneProject

extension OutputCache {
    /// `trim` after a build, and the line that says what it removed (nil when nothing): `limit` is
    /// the bound as the user wrote it (`--cache-max-size`).
    public func trimAfterBuild(maxBytes: Int, limit: String) -> String? {
        let done = trim(maxBytes: maxBytes)
        guard done.removed > 0 else { return nil }
        return "cache: removed the \(done.removed) least recently used entries (\(ByteCount.text(done.removedBytes))) "
            + "to keep \(folder) under --cache-max-size \(limit)"
    }
}
