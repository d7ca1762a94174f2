# Start menu and desktop shortcuts to pbnscore's page (Windows).
#   powershell -ExecutionPolicy Bypass -File pbnscore-shortcuts.ps1
# pbnscore-gui.exe is made by pip in the Scripts folder of the Python it is
# installed in, and runs without a console window; this finds it on PATH.
$gui = (Get-Command pbnscore-gui.exe -ErrorAction Stop).Source
$shell = New-Object -ComObject WScript.Shell
$places = @(
    [Environment]::GetFolderPath("Programs"),  # the Start menu
    [Environment]::GetFolderPath("Desktop")
)
foreach ($place in $places) {
    $shortcut = $shell.CreateShortcut((Join-Path $place "pbnscore.lnk"))
    $shortcut.TargetPath = $gui
    $shortcut.Description = "Score a bridge night's results in your browser"
    $shortcut.Save()
}
Write-Output "pbnscore shortcuts made: Start menu and desktop"
