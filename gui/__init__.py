"""The pygame window that draws and plays any registered game."""
