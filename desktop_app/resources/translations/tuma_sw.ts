<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="sw" sourcelanguage="en">
<context>
    <name>AccountDialog</name>
    <message>
        <source>Connect an account</source>
        <extracomment>a test or save attempt ended (True = it worked); for tests and busy indicators</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect your messaging account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the details your SMS provider gave you. Tuma checks them before saving, and keeps the secret key only in your computer&apos;s password store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved accounts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Account:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For example: Mama Njeri Shop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The web address of your SMS provider&apos;s service, from their portal (technically: the API base URL).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Web address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usually the same as the service</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;ontacts address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste the key, e.g. mbs_…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Secret key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The secret key from your provider&apos;s portal, where it is called an “access token” or “API token”. Tuma keeps it only in this computer&apos;s password store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Secret &amp;key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This looks like an older key (it does not start with mbs_). It can send SMS and check the balance, but it cannot reach your contacts, WhatsApp or surveys. Ask your provider for a newer key to use everything.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. MYSHOP, MYSHOP2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sender names registered for you by your provider, separated by commas (your provider may call them “sender IDs”).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sender &amp;names:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KES </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What one SMS part costs you. Used to show costs in shillings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Price per SMS part:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save and connect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New account…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved on this computer — leave empty to keep it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key entered: {count} characters, starts with {prefix}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key entered: {count} characters, an older kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the connection…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ Connected. Balance: {credits} credits. Click Save to keep this account.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A send is in progress: save this account once it has finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking and saving…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BalanceChart</name>
    <message>
        <source>Balance history chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No balance readings yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} readings; {spent} credits spent in the last {days} days.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balance (credits)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Credits spent per day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No readings in the last two weeks. Press Refresh to take one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No readings yet. The chart fills in each time Tuma checks your balance.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning below {threshold}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BalanceTab</name>
    <message>
        <source>Balance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the balance again (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Credits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Messages it buys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sample history for the practice account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These readings were made up to show what the chart looks like. Your own account&apos;s chart starts with its first balance check.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warn me when credits fall &amp;below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The status bar turns to a warning below this many credits. 0 turns it off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each dot is a balance check by Tuma (at start, after each send and when you press Refresh). Top-ups are not counted as spending.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No account connected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not check the balance just now — see the message above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the balance…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{account} · last checked at {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 credit = 1 SMS part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>your provider&apos;s rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the price in your account settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at {price} per SMS part ({source})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set the price per SMS part under Account → Connect an account…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>single-part SMS (up to 160 plain characters each)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your balance is low: {credits} credits left, below your warning level of {threshold}. Top up with your provider before a big broadcast.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Compose</name>
    <message>
        <source>It could not be added to the Delivery tab.</source>
        <extracomment>[SentMessage] of an accepted send, once recorded in the outbox (for the Delivery tab) The confirmation while it is open (tests and quitting look at it).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Survey sent to {people}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped: {numbers}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not enough credit: this send needs {needed}, but your balance is {balance}. Top up at least {missing}, or send to fewer people.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(skipped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>and {n} more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>today at {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yesterday at {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on {date} at {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} of these {total} already got this message {when}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} are waiting for it in a broadcast that has not finished (Review… in Compose shows it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent to {people} ({credits}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} not sent yet: you can send them later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n}: the connection broke while sending, so it is not known whether they got it. Choose Review to decide; nothing is sent again on its own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some rounds were refused: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delivery reports will appear in the Delivery tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The service refused the send: your balance is too low.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(The service said: “{message}”)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was sent. Top up, then press Send again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rest was not sent: top up, then resume it from the note above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sender name “{sender}” is not registered to your account, so nothing was sent. Choose another sender name under “From”, or ask your provider to register it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your account needs to be connected again. Your message is kept.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ComposeTab</name>
    <message>
        <source>SMS</source>
        <extracomment>SentMessage records of an accepted send (list) -&gt; the Delivery tab refreshes. Emitted (from a finally) when a send attempt ends, whatever happened; carries the RunReport, the exception, or None when the user cancelled / it was stopped. The resume banner was brought up to date (carries the unfinished broadcasts). The account the form&apos;s draft belongs to (drafts are per account). Bumped on every edit: a draft read from the store never overwrites newer typing. Where a Send stands (core&apos;s flow: idle, checking, confirming, sending, stopping). The latest balance we know of: the context&apos;s reading, or the one fetched just before a send (fresher). the sender ID of the restored draft, chosen once the session lists it False in --screenshots mode: the sample typed there is never saved as a draft</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WhatsApp template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Survey</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;To</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recipients&apos; phone numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Templates updated: “{name}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Template inserted. Ctrl+Z puts back what was there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect an account to pick from your contacts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added {contacts}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your sender name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose people from your contacts list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your secret key cannot read contacts (an older kind of key). Connect with a newer key from your provider to pick from contacts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready to send to {people}: check the message, then press Send.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recipients cleared.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect an account to send messages.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose who the message is from (sender name).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None of the numbers is valid: check the ones marked in red.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add at least one recipient.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a message.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The message is too long: {n} characters; the limit is {limit}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some recipients would get an empty message: add text or a fallback.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs {needed}; you have {balance}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send to {people}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking your balance…</source>
        <extracomment>A draft read from the store was put in the form (tests wait on it).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMS (personalised)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped before anything was sent.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConfirmButtons</name>
    <message>
        <source>{invalid} and will be skipped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send only to the {n} new</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send only to the 1 new person</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send to all {n} anyway…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} will get this message a second time. Click again to send to all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yes, send to all {n} again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConfirmSendDialog</name>
    <message>
        <source>Send this message?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send to {people}?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send to {people} who did not get it yet?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everyone here got this message or is waiting for it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everyone here already got this message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Channel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recipients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parts per message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Credits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balance after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send now</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConfirmSurveyDialog</name>
    <message>
        <source>Send this survey?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send survey “{survey}” to {people}?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each person gets the survey&apos;s questions by SMS and answers by reply. Your provider charges for these messages like any other SMS.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send survey</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConfirmWhatsAppDialog</name>
    <message>
        <source>Send this WhatsApp template?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send template “{template}” ({language}) to {phone}?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The customer gets your approved template on WhatsApp. Nothing is charged if the template or the customer&apos;s opt-in is refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send template</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ContactFormDialog</name>
    <message>
        <source>Edit contact</source>
        <extracomment>A save attempt ended (saved, refused or failed): tests wait on it.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a contact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New contact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added {when}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name@example.co.ke (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For example: buys every Friday</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any form: 0712 345 678, 254712345678 or +254712345678</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Phone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;First name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Last name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Email</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N&amp;otes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add contact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved as {number}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is not an email address. Write it like name@example.co.ke, or leave it empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your provider refused this: “{words}”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another contact already has {number}. Search for it to edit it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} already has {number}: a number can belong to one contact only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discard changes?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close without saving this contact?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What you typed here will be lost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep editing</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ContactPickerDialog</name>
    <message>
        <source>Add recipients from contacts</source>
        <extracomment>The task that collects the people to add (Cancel stops it: nobody is added). Emitted when a page of the list or &quot;add all&quot; finishes (tests wait on it).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search by name or phone number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups are kept on this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add all matching</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All contacts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect an account to see your contacts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading contacts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No contacts match “{search}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nobody is in this group yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your contacts list is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{contacts}, newest first. Select some, or add them all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add {n}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add everyone in “{group}” ({n})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add all {n}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add all contacts ({n})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collecting every matching contact…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collecting every matching contact… {n} of {total}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ContactsExport</name>
    <message>
        <source>Export contacts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Excel workbook — phone numbers kept as text (*.xlsx)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV, UTF-8 — for other programs (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ContactsModel</name>
    <message>
        <source>Name</source>
        <extracomment>Pages kept in memory (at 100 rows a page: 1,000 contacts, well under a megabyte). Pages remembered as wanted while one is being fetched: a fast scroll leaves many behind, only the last few (the ones on screen) are worth fetching. The role that gives a row&apos;s :class:`~desktop_app.core.services.contacts.ContactRow`.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Email</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Newest first: the order your provider keeps</source>
        <extracomment>A page arrived (its number, from 1). The number of rows (the service&apos;s total for the query) is known or changed. True while pages are being fetched, False when the fetching stopped. Fetching failed: the exception (the tab shows it, with Retry). The last failure, until a retry (None when fetching works).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not in your contacts any more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This number is in a group on this computer, but your provider no longer has it as a contact (it was deleted or changed elsewhere).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored as {number}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contacts</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ContactsTab</name>
    <message>
        <source>Contacts</source>
        <extracomment>Typing pauses this long before the search is sent. Widths of the grid&apos;s columns at start (the notes take what is left). A long job ended (deleted, collected, exported, or failed): tests wait on it. The tab&apos;s state changed (grid, empty, no matches, legacy, loading, error).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the list again from your provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add contact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search by name or number (0712…, 254712…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search contacts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message everyone matching</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message this group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the contacts shown (every page) as an Excel or CSV file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Newest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your provider lists contacts newest first and offers no other order. Search to find someone quickly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} per page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contacts per page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>« First</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>‹ Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next ›</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last »</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text} ({keys})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No account connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect your account to see your customers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading your contacts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some contacts could not be loaded. {title}: {text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your secret key cannot open your contacts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You are connected with an older kind of key: it sends SMS and reads your balance, but your provider does not let it reach your customer list. Ask your provider for a newer key (it starts with “mbs_” and includes contacts), then connect with it. Your messages and balance keep working meanwhile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect with a new key…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nobody in “{group}” matches “{search}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No contacts match “{search}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the spelling, or search by part of a name or number (for example 0712).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“{group}” has nobody in it yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to All contacts, select customers, then use Groups ▸ Add selected to “{group}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show all contacts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No customers yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a spreadsheet of your customers, or add one now. Everyone you add here can get your SMS.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a customer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a spreadsheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{contacts} in “{group}” match “{search}”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{contacts} match “{search}”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{contacts} in “{group}”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{contacts} in your list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page {page} of {pages}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete {n}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message selected ({n})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message everyone matching ({n})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message everyone in “{group}”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message this group (choose a group first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add selected to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add selected to (select first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New group…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove selected from “{group}”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{number} is in a group here but no longer in your provider&apos;s contacts: add it again to edit it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added {name}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete contacts?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete {contacts} from your provider&apos;s contact list?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This cannot be undone. They also leave the groups on this computer. Messages already sent to them are not affected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete {contacts}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleting {contacts}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted {deleted}; {failed} could not be deleted. {why}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped: {contacts} were deleted before you cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted {contacts}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added {contacts} to “{group}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>They were all in “{group}” already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adding to “{group}”…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Took {contacts} out of “{group}” (they stay in your contacts).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updating “{group}”…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select at most {n} people, or use Message everyone matching.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Getting the selected contacts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collecting everyone matching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collecting everyone in “{group}”…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the first {n} were added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{total} match, more than one message can go to from here. To reach everyone, narrow the search or send in several goes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported {contacts} to {file}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exporting {contacts}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled: nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CounterBar</name>
    <message>
        <source>as typed: names change the count, see Preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Messages can be at most {limit} characters long.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A long message goes out as several SMS “parts” (up to 160 characters each, 70 with special characters); the phone joins them again. Each part costs one credit per person.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uses special characters: costs more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uses special characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standard characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The highlighted characters are special: the whole message then holds only 70 characters per part instead of 160. (Technically: UCS-2 instead of GSM-7.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only standard SMS characters: up to 160 per part. (Technically: GSM-7.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{left} left in this part</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GroupsPanel</name>
    <message>
        <source>Groups</source>
        <extracomment>Longest group name accepted in the name box (the store keeps at most this many). The chosen group changed: a Group, or None for all contacts. The list of groups was read again (tests and menus follow it): list[Group].</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept on this computer only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your provider has no groups, so Tuma keeps them on this computer, for this account. Another computer will not see them; the contacts in them are your provider&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New group…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make a new group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename or delete the chosen group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the group (its contacts stay in your contacts list)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All contacts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: {contacts}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename “{name}”…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete “{name}”…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name of the group (for example “Wholesale” or “Staff”):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New name for “{name}”:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete group?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the group “{name}”?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The {contacts} in it stay in your contacts list; only the group goes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>{language} from the next start</source>
        <extracomment>What choosing another language says, in that language (translated with it, not the app&apos;s).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close Tuma and open it again to see it in {language}. The message you are writing is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working…</source>
        <extracomment>The user closed the window (the app then shuts down cleanly and exits).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the Balance tab (Ctrl+5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Practice account</source>
        <extracomment>the Language menu&apos;s entries, by language code</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected: {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balance: checking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{credits} credits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ Low balance: {text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Below your warning level of {threshold} credits. Top up soon.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <extracomment>the File-menu entries the tabs declare, by tab key</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connect an account…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Switch account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the balance and this tab again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign &amp;out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Tuma</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A send is in progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait until it has finished (or stop it in Compose), then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected to “{name}” with an older key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You can send SMS and see your balance, but this key cannot reach your contacts. Ask your provider for a newer key (starting with mbs_).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected to “{name}”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Messages you send now go to your customers for real.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the message (Compose)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to {tabs}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect an account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the balance and the open tab again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo in the message editor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit Tuma</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What it does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Tuma</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMS broadcasts, contacts and delivery reports for small businesses in Kenya. Your secret key is kept only in this computer&apos;s password store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That file cannot be opened here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“{name}” is not a spreadsheet Tuma can import. Drop a {kinds} file (save Excel sheets as .xlsx or CSV).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> or </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MakeGsmBanner</name>
    <message>
        <source>Use standard characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the highlighted characters with standard look-alikes, so each part holds 160 characters again (technically: GSM-7). Undo: Ctrl+Z</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This message uses special characters ({chars}) that have no standard look-alike, so each part holds only 70 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove them to fit 160 characters per part: {before} → {after}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some characters ({chars}) have no standard look-alike. Use standard characters and remove them to go from {before} → {after}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use standard characters to save credits: {before} → {after}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaces: {mapping}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MergeFieldBar</name>
    <message>
        <source>Personalise:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Insert {field}: each recipient sees their own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No name? Use:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>customer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Used where {first_name} is empty, e.g. for numbers typed in by hand. An empty {last_name} is simply left out.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MessageBar</name>
    <message>
        <source>Connect again</source>
        <extracomment>Left margin of a spin box&apos;s text, so it lines up with the line edits above and below it (the style sheet&apos;s padding does not reach a spin box&apos;s inner editor).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss this message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MessageEditor</name>
    <message>
        <source>Type your message here…</source>
        <extracomment>The service refuses longer messages (CONTRACT.md, Limits).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Notice</name>
    <message>
        <source>Dismiss</source>
        <extracomment>How long good news stays, in milliseconds.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss this note</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlaceholderTab</name>
    <message>
        <source>Arrives in a later release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{tab} arrives in a later release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“{name}” was not opened: this part of Tuma is not ready yet.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PracticeBanner</name>
    <message>
        <source>Practice mode — messages go nowhere until you connect your account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect your account…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the practice service…</source>
        <extracomment>Narrower than this, the banner keeps only its title and button (the details are in the title&apos;s tooltip): on a small screen it stays one or two lines high.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo shop, sample customers, free credits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You are using a demo shop with sample customers and free practice credits. Try anything: no real SMS is sent and nothing is charged.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PreviewCard</name>
    <message>
        <source>Preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>See the message as this recipient will get it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview for recipient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your message will appear here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>special characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>standard characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This recipient: {parts} · {encoding}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{parts} · {encoding}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProgressStrip</name>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecipientsPanel</name>
    <message>
        <source>Type or paste phone numbers, e.g. 0712 345 678, +254 733 000 111</source>
        <extracomment>Chips drawn at most; beyond this the summary line still counts everyone. The chips box grows with its rows up to this height (three rows), then scrolls; kept low so the whole Compose tab, Send button included, fits a maximised 1366×768 window. The numbers box: three lines (the chips below show what was understood). The Clear button removed these (typed text, picked people): the tab offers Undo.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recipients found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each number as it will be sent; invalid ones say why. Delete removes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove from recipients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add from contacts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove every recipient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a valid number: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From your contacts. Select and press Delete to remove.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Will be sent to {phone}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… and {n} more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recipients yet.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ResumeBanner</name>
    <message>
        <source>Review…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} not sent yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} with an unknown outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A broadcast did not finish: {details}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} broadcasts did not finish: {details}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ResumeDialog</name>
    <message>
        <source>Unfinished broadcasts</source>
        <extracomment>The list was read again and shown (tests wait on it).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These messages did not finish sending. Nothing is sent again without you: send the rest when you are ready, and tell Tuma what happened to any round whose outcome is unknown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everything has been sent or settled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Don&apos;t send the rest?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{people} will not get this message.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To send it to them later you would have to write the message again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Don&apos;t send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep them</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SendProgressDialog</name>
    <message>
        <source>Sending…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round %v of %m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A big send goes to your provider in rounds of a few hundred numbers (technically: batches), so a lost connection only affects one round.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop after the round being sent now. The rest can be sent later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping after the round being sent now…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent to {done} of {total}…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SessionManager</name>
    <message>
        <source>No saved account called “{name}”</source>
        <extracomment>True while practice mode is being started (the banner says so). The account dialog is needed: (reason, profile name or None). The start-up session choice is done (whatever happened).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tuma opened in practice mode instead. Use Account → Connect an account… to add it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Older token: contacts are not available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This account&apos;s key can send SMS but cannot reach your contacts. Ask your provider for a newer key (starting with mbs_) and connect again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Practice mode could not start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The built-in practice service did not start on this computer. You can still connect your own account: Account → Connect an account…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed out of “{name}”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its key was deleted from this computer. To use it again, choose Account → Connect an account… and paste the key.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SummaryCard</name>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The name your customers see as the sender (your registered sender names)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F&amp;rom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recipients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parts per message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Credits needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your balance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After sending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send now (Ctrl+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Enter to send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rate not known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set your price per SMS part in the account settings to see KES.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{credits} × {price} per part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not enough</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SurveyPanel</name>
    <message>
        <source>Survey</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send one of your surveys to your customers; they answer by SMS.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Survey ID from your provider&apos;s portal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Survey ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Survey recipients&apos; phone numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send survey</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Good to know</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Survey IDs are listed on your provider&apos;s portal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each person gets the survey&apos;s questions by SMS and answers by reply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid numbers are skipped; duplicates are sent once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send survey to {people}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tabs</name>
    <message>
        <source>&amp;Compose</source>
        <extracomment>File name endings (lower case, with the dot) this tab opens when dropped on the window.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Co&amp;ntacts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import contacts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bringing in customer spreadsheets (Excel or CSV) arrives in a later release. You will be able to drop a file on the window, check the columns and fix unreadable numbers before anything is uploaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Excel (.xlsx) and CSV files up to 100,000 rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Numbers checked and repaired before upload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A report of every row that could not be imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delivery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delivery reports for the messages you sent arrive in a later release. Every message you send now is already recorded, so its report will be there when this tab opens.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delivered, pending and failed, for each customer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reason a message failed, in plain words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resend to the customers who did not get it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Balance</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TemplatesButton</name>
    <message>
        <source>Templates</source>
        <extracomment>A template was saved or deleted (the name); tests and status messages listen. The menu was filled with the saved templates (tests and the busy state listen). The saved templates as last read (the menu is built from these, instantly).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use a saved message, or save this one for next time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No saved templates yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save this message as a template…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete a template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name this template (saving over a name replaces it):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete template?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the template “{name}”?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It cannot be brought back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Toast</name>
    <message>
        <source>Dismiss this message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WhatsAppPanel</name>
    <message>
        <source>WhatsApp template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send one of your approved WhatsApp templates to a customer who has agreed (opted in) to get WhatsApp messages from you.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Template name, e.g. order_ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Customer&apos;s number, e.g. 0712 345 678</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Customer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send WhatsApp template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Good to know</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only templates your provider has approved can be sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The customer must have opted in to WhatsApp messages from your business, for example by messaging you first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the language the template was approved in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing is charged when a template is refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a valid number: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Will be sent to {phone}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent. WhatsApp will deliver it shortly (reference {id}).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Words</name>
    <message numerus="yes">
        <source>%Ln credit(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>{n} credits</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln recipient(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln person(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln part(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln character(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln number(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln contact(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln round(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln number(s) are not valid</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln duplicate(s) removed</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln second(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>about %Ln minute(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The phone number is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{} is too short for a Kenyan mobile number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{} is too long for a Kenyan mobile number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{} does not start with a known country code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{} needs a country code (for example +254)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{} is too short to be a phone number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{} is too long to be a phone number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“{}” is not a phone number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“{}” is not a phone number: it contains “{}”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“{}” is not a phone number: “+” can only come first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{} is not a valid number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Web address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contacts address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Account name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sender names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price per SMS part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recipients per round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Low-balance warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the web address, for example https://api.example.co.ke.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{value} is not a valid web address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{value} is not a web address: it must start with https:// (for example https://api.example.co.ke).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{value} has no server name after the “//”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{value} is not a valid web address: the server name may hold only letters, digits, dots and dashes (for example https://api.example.co.ke).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address must not contain a user name or password; the key is entered separately and kept in the computer&apos;s password store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address must not contain a query (?…) or fragment (#…); enter only the web address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{value} uses plain http, which would send your key unencrypted. Use https:// (plain http is allowed only for a service on this computer, such as the sandbox).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the account a name, for example the shop&apos;s name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two accounts are called {value}: rename one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sender names must be text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recipients per round must be a whole number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recipients per round must be between 1 and {most} (it is {value}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The price per SMS part must be a number of shillings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The price per SMS part must be zero or more shillings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The low-balance warning must be a whole number of credits, 0 or more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The repeat-send check must cover between 1 and 720 hours.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A setting that should be text holds something else.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The saved settings are damaged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{field}: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your settings could not be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The settings file was damaged, so Tuma started with default settings. The old file was kept as {name}. Connect your account again from the Account menu.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tuma keeps your key in Windows Credential Manager. Make sure the Credential Manager service is running, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tuma keeps your key in the macOS Keychain. Unlock your login keychain in Keychain Access, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tuma keeps your key in the computer&apos;s password store and never in a plain file. Install and start a Secret Service provider: GNOME Keyring (package gnome-keyring), KeePassXC with Secret Service integration turned on, or KWallet (package kwalletmanager), then sign in to your desktop session again and retry.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your secret key could not be saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your secret key could not be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your secret key could not be deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your secret key could not be used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The account needs a name before its key can be stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key is empty: paste the secret key from your account portal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No password store is available on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The computer&apos;s password store is locked. Unlock it (it usually asks for your login password) and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The computer&apos;s password store did not work.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The computer&apos;s password store did not answer within {seconds}. It may be locked and waiting for a password prompt, or its service may have hung: unlock or restart it and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The computer&apos;s password store failed unexpectedly. Restart the password store service or your desktop session and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste the secret key from your provider&apos;s portal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No secret key is saved for “{name}” on this computer. Paste it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no saved account called “{name}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The service refused it: “{words}”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The service refused it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tuma stopped while this part was being sent, so it may or may not have gone out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sending was stopped while this part was on its way, so it may or may not have gone out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection was lost after the message was handed over, so we cannot tell whether it was sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The service&apos;s reply to this part could not be read, so it may or may not have gone out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tuma hit an unexpected problem while sending this part ({kind}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marked as sent by you.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the group a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A group called “{name}” already exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That group no longer exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tuma&apos;s records are closed (the app is shutting down).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tuma&apos;s records were written by a newer version of Tuma; update the app.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That record no longer exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That round has already been dealt with (perhaps in another Tuma window).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add at least one recipient.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a sender name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recipients per round must be between 1 and {most}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The message is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This kind of send cannot be sent in rounds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The service did not give this send a reference.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the template a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A template called “{name}” already exists.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>_BroadcastCard</name>
    <message>
        <source>From {sender}, started {when}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{accepted} received it · {pending} never sent · {doubt} unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome unknown for {people}: {phones}.
{reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>They got it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count this round as sent (check the Delivery tab or ask a customer).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add this round back to the messages to send; some people may get it twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Don&apos;t send the rest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send to the remaining {n}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>_UnavailableTab</name>
    <message>
        <source>“{tab}” is not available in this installation of Tuma.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>context</name>
    <message>
        <source>Practice account</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>errors</name>
    <message>
        <source>sending SMS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>contacts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WhatsApp messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>surveys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this feature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The secret key is empty or contains characters a key cannot have. Copy it again from the portal, then connect your account again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your secret key was not accepted (it may have expired or been revoked). Connect your account again with a new key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your secret key does not have the “{permission}” permission. Ask your provider for a key that includes it, then connect again from the Account menu.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your balance is too low for this send. Top up your account, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your account is not allowed to send as “{sender}”. Choose one of your own sender names (or the shared one) and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your account is not allowed to send as this sender name. Choose one of your own sender names (or the shared one) and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The messaging service is busy and asked us to slow down. Wait {wait}, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The messaging service had a problem on its side. Wait a minute, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not reach the messaging service. Check your internet connection, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection was lost before the service confirmed the change, so we cannot tell whether it was saved. Refresh the contacts list to check, then try again if needed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection was lost after the file was sent, so we cannot tell whether the import started. Check the list of imports before uploading the file again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The messaging service&apos;s reply could not be understood, so we cannot tell whether the message was sent. Check the delivery report before sending again, so customers do not get it twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection was lost after the message was handed over, so we cannot tell whether it was sent. Check the delivery report before sending again, so customers do not get it twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The messaging service sent a reply this app could not understand. Try again later; if it keeps happening, contact support.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That contacts import could not be found. Start the import again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That contact could not be found; it may have been deleted. Refresh the list, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A contact with this phone number already exists. Search for it and edit it instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The contacts import is taking longer than expected. It may still finish: check the import list again in a few minutes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The messaging service refused the request, saying: “{message}”. Check the details, then try again; if it keeps happening, contact support.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something went wrong while talking to the messaging service. Try again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This customer has not opted in to WhatsApp messages from you, so the template was not sent (and nothing was charged). Ask them to opt in first, for example by sending a message to your WhatsApp number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file is too large to import (at most 10 MB and 100,000 rows). Split it into smaller files, then import each one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This type of file cannot be imported. Save it as CSV (UTF-8) or as an Excel workbook (.xlsx), then import it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file could not be read as a contacts list: it needs a header row with a &apos;phone&apos; column.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The service said: “{message}”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix the file, then import it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file “{name}” could not be opened. Check that it still exists, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{numbers} and {more} more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These phone numbers are not valid: {numbers}. Correct or remove them, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some details need fixing ({problems}). Correct them, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The messaging service did not accept this request: “{message}”. Check the details, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The messaging service did not accept this request. Check the details, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign-in needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Permission missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not enough credit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sender name not allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Please check the details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The service is busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The service had a problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Already exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unexpected reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password store unavailable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Please check the settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Please check the account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Please check the number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not update Tuma&apos;s records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That took too long</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operation did not finish in time. Check your internet connection and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No permission</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tuma is not allowed to open that file or folder. Choose another place, or check its permissions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file could not be found. It may have been moved or deleted; choose it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read or write a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your computer reported: {detail}. Check there is free disk space and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An unexpected problem occurred ({kind}). Nothing you entered was lost. Try again; if it keeps happening, restart Tuma.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{action} failed — {title}</source>
        <extracomment>The token was refused (401): open the account dialog, showing this reason. A :class:`UserMessage` to show (non-modal). The bar should be cleared (e.g. after a successful reconnect).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>formats</name>
    <message>
        <source>KES {amount}</source>
        <extracomment>The locale used when the system only offers C/POSIX.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
