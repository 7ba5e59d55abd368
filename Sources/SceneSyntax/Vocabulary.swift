/// The names of the language (`ElementKind`, `AttributeID`) live in SceneVocabulary, below this
/// module and DisplayList, so that both use the same cases. They are part of this module's API: a
/// module that reads the checked tree sees them with `import SceneSyntax`.
@_exported import SceneVocabulary
