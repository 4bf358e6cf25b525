# Builds the Windows installer dist\Tuma-<version>-setup.exe, on 64-bit Windows 10/11:
#
#   powershell -ExecutionPolicy Bypass -File installer\windows\build.ps1
#
# Needs Python 3.11+ (the "py" launcher from python.org) and Inno Setup 6.3+ (iscc.exe on PATH,
# or in its default folder). Creates .venv\ with the project and its packaging extra, freezes
# the app into dist\tuma\ (packaging\freeze.py: translations, icons, PyInstaller), then compiles
# installer\windows\tuma.iss. Reviewed, NOT run: this machine has no Windows (installer\README.md).
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..\..")

function Invoke-Checked {
    # Windows PowerShell does not stop on a native program's exit code: check it.
    param([string] $Program, [string[]] $Arguments)
    & $Program @Arguments
    if ($LASTEXITCODE -ne 0) { throw "$Program $($Arguments -join ' ') failed ($LASTEXITCODE)" }
}

$python = ".venv\Scripts\python.exe"
if (-not (Test-Path $python)) {
    Invoke-Checked "py" @("-3", "-m", "venv", ".venv")
}
Invoke-Checked $python @("-m", "pip", "install", "-q", "--upgrade", "pip")
Invoke-Checked $python @("-m", "pip", "install", "-q", "-e", ".[packaging]")
Invoke-Checked $python @("packaging\freeze.py")

# iscc on PATH, else Inno Setup 6's default folders (installed for all users, or for one)
$candidates = @(
    (Get-Command "iscc.exe" -ErrorAction SilentlyContinue | ForEach-Object { $_.Source }),
    (Join-Path ${env:ProgramFiles(x86)} "Inno Setup 6\ISCC.exe"),
    (Join-Path $env:LOCALAPPDATA "Programs\Inno Setup 6\ISCC.exe")
) | Where-Object { $_ -and (Test-Path $_) }
if (-not $candidates) { throw "Inno Setup 6 (ISCC.exe) not found: install it, then run this again" }
$iscc = @($candidates)[0]
Invoke-Checked $iscc @("installer\windows\tuma.iss")
Get-ChildItem "dist\Tuma-*-setup.exe" | ForEach-Object { Write-Host "built $($_.FullName)" }
