-- An application for the Dock: pbnscore's page (macOS).
--   osacompile -o ~/Applications/pbnscore.app pbnscore.applescript
-- then drag ~/Applications/pbnscore.app to the Dock. Replace the path with
-- what `which pbnscore-gui` says in Terminal.
do shell script "/Users/scorer/.local/bin/pbnscore-gui > /dev/null 2>&1 &"
