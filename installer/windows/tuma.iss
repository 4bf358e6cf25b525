; Tuma for Windows: a per-user installer (no administrator rights needed), for Inno Setup 6.3+.
;
;   iscc installer\windows\tuma.iss      after `python packaging\freeze.py` has built dist\tuma\
;                                        (installer\windows\build.ps1 does both)
;
; Writes dist\Tuma-<version>-setup.exe. It installs the PyInstaller bundle into
; %LOCALAPPDATA%\Programs\Tuma, adds a Start-menu entry (and a desktop icon if ticked), and
; registers an uninstaller that keeps the user's data unless they ask for it to be deleted.
;
; Reviewed against the Inno Setup 6 documentation line by line; NOT compiled or run: Inno Setup
; needs Windows (see installer/README.md).

; -- the version: pyproject.toml's, which packaging/tuma.spec wrote into tuma.exe ------------
#define Bundle AddBackslash(SourcePath) + "..\..\dist\tuma"
#define AppExe Bundle + "\tuma.exe"
#if !FileExists(AppExe)
  #error dist\tuma\tuma.exe is missing: run python packaging\freeze.py first
#endif
; The licence notices packaging\tuma.spec wrote into the bundle (packaging\notices.py)
#define Notices Bundle + "\_internal\licenses\THIRD-PARTY-NOTICES.txt"
#if !FileExists(Notices)
  #error dist\tuma\_internal\licenses\THIRD-PARTY-NOTICES.txt is missing: run python packaging\freeze.py
#endif
; "1.2.3rc1" as written in pyproject.toml (the StringFileInfo ProductVersion) ...
#define AppVersion GetStringFileInfo(AppExe, "ProductVersion")
; ... and as four numbers (the fixed FileVersion, "1.2.3.0") for the setup's own resource
#define AppNumericVersion GetVersionNumbersString(AppExe)

[Setup]
; AppId ties upgrades and the uninstaller together: never change it.
AppId={{A290628F-D2F4-4CBB-8DA0-917A2FA3EBF0}
AppName=Tuma
AppVersion={#AppVersion}
AppVerName=Tuma {#AppVersion}
AppPublisher=Tuma
VersionInfoVersion={#AppNumericVersion}
VersionInfoProductTextVersion={#AppVersion}
; Per-user: no UAC prompt; {autopf} is then {userpf}, i.e. %LOCALAPPDATA%\Programs.
PrivilegesRequired=lowest
DefaultDirName={autopf}\Tuma
DisableProgramGroupPage=yes
; 64-bit Windows 10 1809 or later: what Qt 6 supports.
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0.17763
WizardStyle=modern
SetupIconFile=..\..\build\icons\tuma.ico
UninstallDisplayIcon={app}\tuma.exe
UninstallDisplayName=Tuma
OutputDir=..\..\dist
OutputBaseFilename=Tuma-{#AppVersion}-setup
Compression=lzma2
SolidCompression=yes
; Close a running Tuma (Restart Manager) before replacing its files.
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; An upgrade replaces the whole bundle: files a newer PyInstaller build no longer has must go.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "{#Bundle}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs
; The third-party licence notices (and, in _internal\licenses\, the LGPL/GPL texts) also beside
; tuma.exe, where someone looking at the installed folder finds them; the app shows them in
; Help > About Tuma > Open-source licences.
Source: "{#Notices}"; DestDir: "{app}"; Flags: ignoreversion

[Icons]
Name: "{autoprograms}\Tuma"; Filename: "{app}\tuma.exe"; Comment: "SMS broadcasts for your customers"
Name: "{autodesktop}\Tuma"; Filename: "{app}\tuma.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\tuma.exe"; Description: "{cm:LaunchProgram,Tuma}"; Flags: nowait postinstall skipifsilent

[Code]
{ The user's data is where platformdirs puts it for appname "tuma" (desktop_app/core/settings.py):
  settings, drafts, the send journal and the practice shop all live in %LOCALAPPDATA%\tuma.
  The uninstaller removes only what Setup installed, then asks whether to delete that data too;
  the answer defaults to No, and a silent uninstall never deletes it. Account tokens are in
  Windows Credential Manager, which only Tuma's "Sign out" clears. }
procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
var
  DataDir: String;
begin
  if CurUninstallStep <> usPostUninstall then
    Exit;
  DataDir := ExpandConstant('{localappdata}\tuma');
  if UninstallSilent or not DirExists(DataDir) then
    Exit;
  if MsgBox('Tuma has been removed. Your Tuma data is still on this computer:' + #13#10 +
            DataDir + #13#10#13#10 +
            'It holds your settings, drafts, message history and the practice shop. ' +
            'Keep it if you may install Tuma again.' + #13#10#13#10 +
            'Delete your Tuma data as well?',
            mbConfirmation, MB_YESNO or MB_DEFBUTTON2) = IDYES then
  begin
    if not DelTree(DataDir, True, True, True) then
      MsgBox('Some of your Tuma data could not be deleted:' + #13#10 + DataDir, mbError, MB_OK);
  end;
end;
