// What every host test's scenes need (fonts, the ring image), loaded once for the whole target.
import Scenes

private nonisolated(unsafe) let loadedResources = Result { try SceneResources.loadDefault() }

func sceneResources() throws -> SceneResources { try loadedResources.get() }
