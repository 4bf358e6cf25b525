<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="en_US" sourcelanguage="en">
    <context>
        <name>ConfirmButtons</name>
        <message numerus="yes">
            <source>Send only to the %Ln new person(s)</source>
            <translation>
                <numerusform>Send only to the %Ln new person</numerusform>
                <numerusform>Send only to the %Ln new people</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>DeliveryTab</name>
        <message numerus="yes">
            <source>%Ln send(s)</source>
            <translation>
                <numerusform>%Ln send</numerusform>
                <numerusform>%Ln sends</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln customer(s) blocked promotions or opted out</source>
            <translation>
                <numerusform>%Ln customer blocked promotions or opted out</numerusform>
                <numerusform>%Ln customers blocked promotions or opted out</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln messages have an ID that starts with {id}: choose one, or type more of the ID.</source>
            <translation>
                <numerusform>%Ln messages have an ID that starts with {id}: choose one, or type more of the ID.</numerusform>
                <numerusform>%Ln messages have an ID that starts with {id}: choose one, or type more of the ID.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Exporting %Ln send(s)…</source>
            <translation>
                <numerusform>Exporting %Ln send…</numerusform>
                <numerusform>Exporting %Ln sends…</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Saved %Ln row(s) to {file}.</source>
            <translation>
                <numerusform>Saved %Ln row to {file}.</numerusform>
                <numerusform>Saved %Ln rows to {file}.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>DeliveryWords</name>
        <message numerus="yes">
            <source>%Ln delivered</source>
            <translation>
                <numerusform>%Ln delivered</numerusform>
                <numerusform>%Ln delivered</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln failed</source>
            <translation>
                <numerusform>%Ln failed</numerusform>
                <numerusform>%Ln failed</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln waiting</source>
            <translation>
                <numerusform>%Ln waiting</numerusform>
                <numerusform>%Ln waiting</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln no report</source>
            <translation>
                <numerusform>%Ln no report</numerusform>
                <numerusform>%Ln no report</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ImportTab</name>
        <message numerus="yes">
            <source>Upload %Ln contact(s)</source>
            <translation>
                <numerusform>Upload %Ln contact</numerusform>
                <numerusform>Upload %Ln contacts</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln of these numbers are on your opt-out list: they are imported, but promotions skip them.</source>
            <translation>
                <numerusform>%Ln of these numbers is on your opt-out list: it is imported, but promotions skip it.</numerusform>
                <numerusform>%Ln of these numbers are on your opt-out list: they are imported, but promotions skip them.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ImportWords</name>
        <message numerus="yes">
            <source>%Ln row(s)</source>
            <translation>
                <numerusform>%Ln row</numerusform>
                <numerusform>%Ln rows</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln contact(s)</source>
            <translation>
                <numerusform>%Ln contact</numerusform>
                <numerusform>%Ln contacts</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln problem row(s)</source>
            <translation>
                <numerusform>%Ln problem row</numerusform>
                <numerusform>%Ln problem rows</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>OptOutListDialog</name>
        <message numerus="yes">
            <source>{rows} and %Ln more</source>
            <translation>
                <numerusform>{rows} and %Ln more</numerusform>
                <numerusform>{rows} and %Ln more</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Press Undo again to put back the %Ln taken off before.</source>
            <translation>
                <numerusform>Press Undo again to put back the %Ln taken off before.</numerusform>
                <numerusform>Press Undo again to put back the %Ln taken off before.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ScheduledBanner</name>
        <message numerus="yes">
            <source>%Ln overdue message(s), not sent: waiting for you to decide.</source>
            <translation>
                <numerusform>%Ln overdue message, not sent: waiting for you to decide.</numerusform>
                <numerusform>%Ln overdue messages, not sent: waiting for you to decide.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln more scheduled; the next goes out {when}.</source>
            <translation>
                <numerusform>%Ln more scheduled; the next goes out {when}.</numerusform>
                <numerusform>%Ln more scheduled; the next goes out {when}.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln message(s) scheduled; the next goes out {when}.</source>
            <translation>
                <numerusform>%Ln message scheduled; the next goes out {when}.</numerusform>
                <numerusform>%Ln messages scheduled; the next goes out {when}.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Words</name>
        <message numerus="yes">
            <source>%Ln credit(s)</source>
            <translation>
                <numerusform>%Ln credit</numerusform>
                <numerusform>%Ln credits</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln recipient(s)</source>
            <translation>
                <numerusform>%Ln recipient</numerusform>
                <numerusform>%Ln recipients</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln person(s)</source>
            <translation>
                <numerusform>%Ln person</numerusform>
                <numerusform>%Ln people</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln more person(s) got it too, but Tuma could not save that yet. It saves it once it can, and never sends it to them twice.</source>
            <translation>
                <numerusform>%Ln more person got it too, but Tuma could not save that yet. It saves it once it can, and never sends it to them twice.</numerusform>
                <numerusform>%Ln more people got it too, but Tuma could not save that yet. It saves it once it can, and never sends it to them twice.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln part(s)</source>
            <translation>
                <numerusform>%Ln part</numerusform>
                <numerusform>%Ln parts</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln character(s)</source>
            <translation>
                <numerusform>%Ln character</numerusform>
                <numerusform>%Ln characters</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln number(s)</source>
            <translation>
                <numerusform>%Ln number</numerusform>
                <numerusform>%Ln numbers</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln contact(s)</source>
            <translation>
                <numerusform>%Ln contact</numerusform>
                <numerusform>%Ln contacts</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln round(s)</source>
            <translation>
                <numerusform>%Ln round</numerusform>
                <numerusform>%Ln rounds</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln number(s) are not valid</source>
            <translation>
                <numerusform>%Ln number is not valid</numerusform>
                <numerusform>%Ln numbers are not valid</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln duplicate(s) removed</source>
            <translation>
                <numerusform>%Ln duplicate removed</numerusform>
                <numerusform>%Ln duplicates removed</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln name(s) or word(s) left out</source>
            <translation>
                <numerusform>%Ln name or word left out</numerusform>
                <numerusform>%Ln names or words left out</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln second(s)</source>
            <translation>
                <numerusform>%Ln second</numerusform>
                <numerusform>%Ln seconds</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>about %Ln minute(s)</source>
            <translation>
                <numerusform>about %Ln minute</numerusform>
                <numerusform>about %Ln minutes</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>_Counted</name>
        <message numerus="yes">
            <source>%n minute(s)</source>
            <translation>
                <numerusform>%n minute</numerusform>
                <numerusform>%n minutes</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n hour(s)</source>
            <translation>
                <numerusform>%n hour</numerusform>
                <numerusform>%n hours</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n day(s)</source>
            <translation>
                <numerusform>%n day</numerusform>
                <numerusform>%n days</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln customer(s) on your opt-out list will not get this promotion.</source>
            <translation>
                <numerusform>%Ln customer on your opt-out list will not get this promotion.</numerusform>
                <numerusform>%Ln customers on your opt-out list will not get this promotion.</numerusform>
            </translation>
        </message>
    </context>
</TS>