<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="sw" sourcelanguage="en">
<context>
    <name>AccountDialog</name>
    <message>
        <source>Connect an account</source>
        <extracomment>a test or save attempt ended (True = it worked); for tests and busy indicators</extracomment>
        <translation>Unganisha akaunti</translation>
    </message>
    <message>
        <source>Connect your messaging account</source>
        <translation>Unganisha akaunti yako ya ujumbe</translation>
    </message>
    <message>
        <source>Enter the details your SMS provider gave you. Tuma checks them before saving, and keeps the secret key only in your computer&apos;s password store.</source>
        <translation>Weka maelezo uliyopewa na mtoa huduma wako wa SMS. Tuma inayakagua kabla ya kuhifadhi, na inaweka ufunguo wa siri kwenye hifadhi ya nenosiri ya kompyuta yako pekee.</translation>
    </message>
    <message>
        <source>Saved accounts</source>
        <translation>Akaunti zilizohifadhiwa</translation>
    </message>
    <message>
        <source>&amp;Account:</source>
        <translation>&amp;Akaunti:</translation>
    </message>
    <message>
        <source>For example: Mama Njeri Shop</source>
        <translation>Kwa mfano: Duka la Mama Njeri</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Jina:</translation>
    </message>
    <message>
        <source>The web address of your SMS provider&apos;s service, from their portal (technically: the API base URL).</source>
        <translation>Anwani ya tovuti ya huduma ya mtoa huduma wako wa SMS, kutoka kwenye tovuti yao (kitaalamu: API base URL).</translation>
    </message>
    <message>
        <source>&amp;Web address:</source>
        <translation>Anwani ya &amp;tovuti:</translation>
    </message>
    <message>
        <source>Usually the same as the service</source>
        <translation>Kwa kawaida ni sawa na ya huduma</translation>
    </message>
    <message>
        <source>C&amp;ontacts address:</source>
        <translation>Tovuti ya orodha ya a&amp;nwani:</translation>
    </message>
    <message>
        <source>Paste the key, e.g. mbs_…</source>
        <translation>Bandika ufunguo, k.m. mbs_…</translation>
    </message>
    <message>
        <source>Secret key</source>
        <translation>Ufunguo wa siri</translation>
    </message>
    <message>
        <source>The secret key from your provider&apos;s portal, where it is called an “access token” or “API token”. Tuma keeps it only in this computer&apos;s password store.</source>
        <translation>Ufunguo wa siri kutoka kwenye tovuti ya mtoa huduma wako, ambako unaitwa “access token” au “API token”. Tuma inauweka kwenye hifadhi ya nenosiri ya kompyuta hii pekee.</translation>
    </message>
    <message>
        <source>Secret &amp;key:</source>
        <translation>&amp;Ufunguo wa siri:</translation>
    </message>
    <message>
        <source>This looks like an older key (it does not start with mbs_). It can send SMS and check the balance, but it cannot reach your contacts, WhatsApp or surveys. Ask your provider for a newer key to use everything.</source>
        <translation>Huu unaonekana kuwa ufunguo wa zamani (hauanzi na mbs_). Unaweza kutuma SMS na kuangalia salio, lakini haufikii anwani, WhatsApp wala tafiti zako. Omba mtoa huduma wako ufunguo mpya ili utumie kila kitu.</translation>
    </message>
    <message>
        <source>e.g. MYSHOP, MYSHOP2</source>
        <translation>k.m. DUKALANGU, DUKALANGU2</translation>
    </message>
    <message>
        <source>The sender names registered for you by your provider, separated by commas (your provider may call them “sender IDs”).</source>
        <translation>Majina ya mtumaji uliyosajiliwa na mtoa huduma wako, yakitenganishwa kwa koma (mtoa huduma anaweza kuyaita “sender IDs”).</translation>
    </message>
    <message>
        <source>Sen&amp;der names:</source>
        <translation>Majina ya &amp;mtumaji:</translation>
    </message>
    <message>
        <source>KES </source>
        <translation>KES </translation>
    </message>
    <message>
        <source>Not set</source>
        <translation>Haijawekwa</translation>
    </message>
    <message>
        <source>What one SMS part costs you. Used to show costs in shillings.</source>
        <translation>Gharama ya sehemu moja ya SMS kwako. Inatumika kuonyesha gharama kwa shilingi.</translation>
    </message>
    <message>
        <source>&amp;Price per SMS part:</source>
        <translation>&amp;Bei kwa sehemu ya SMS:</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>Ja&amp;ribu muunganisho</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Ghairi</translation>
    </message>
    <message>
        <source>&amp;Save and connect</source>
        <translation>&amp;Hifadhi na uunganishe</translation>
    </message>
    <message>
        <source>New account…</source>
        <translation>Akaunti mpya…</translation>
    </message>
    <message>
        <source>Saved on this computer — leave empty to keep it</source>
        <translation>Imehifadhiwa kwenye kompyuta hii — acha tupu ili kuuweka</translation>
    </message>
    <message>
        <source>Key entered: {count} characters, starts with {prefix}</source>
        <translation>Ufunguo umewekwa: herufi {count}, unaanza na {prefix}</translation>
    </message>
    <message>
        <source>Key entered: {count} characters, an older kind</source>
        <translation>Ufunguo umewekwa: herufi {count}, wa aina ya zamani</translation>
    </message>
    <message>
        <source>Checking the connection…</source>
        <translation>Inakagua muunganisho…</translation>
    </message>
    <message>
        <source>✓ Connected. Balance: {credits} credits. Click Save to keep this account.</source>
        <translation>✓ Imeunganishwa. Salio: krediti {credits}. Bofya Hifadhi ili kuweka akaunti hii.</translation>
    </message>
    <message>
        <source>This web address answered, but not as a messaging service: it may be a website, a Wi-Fi sign-in page (in a hotel or café, sign in with your web browser first) or your network&apos;s page saying the data bundle is used up (buy more, then try again). Check the Web address: copy it again from your provider (for example https://api.example.co.ke), then test again.</source>
        <translation>Anwani hii ya tovuti imejibu, lakini si kama huduma ya ujumbe: huenda ni tovuti, ukurasa wa kuingia kwenye Wi-Fi (hotelini au mkahawani, ingia kwanza kwa kivinjari chako) au ukurasa wa mtandao wako unaosema bando la data limekwisha (nunua zaidi, kisha jaribu tena). Angalia Anwani ya tovuti: inakili tena kutoka kwa mtoa huduma wako (kwa mfano https://api.example.co.ke), kisha jaribu tena.</translation>
    </message>
    <message>
        <source>This key was not accepted. Check that you copied all of it from your provider&apos;s portal (it may also have expired or been revoked), then paste it here and test again.</source>
        <translation>Ufunguo huu haukukubaliwa. Hakikisha umeunakili wote kutoka kwenye tovuti ya mtoa huduma wako (huenda pia umeisha muda au umefutwa), kisha uubandike hapa na ujaribu tena.</translation>
    </message>
    <message>
        <source>This key does not have the “{permission}” permission. Ask your provider for a key that includes it, then paste it here and test again.</source>
        <translation>Ufunguo huu hauna ruhusa ya “{permission}”. Muombe mtoa huduma wako ufunguo unaoijumuisha, kisha uubandike hapa na ujaribu tena.</translation>
    </message>
    <message>
        <source>No connection: nothing answered at the Web address. Check it for a typing mistake (copy it again from your provider); if it is right, check that this computer is online, then test again.</source>
        <translation>Hakuna muunganisho: hakuna kilichojibu kwenye anwani ya tovuti. Iangalie kama kuna kosa la kuandika (inakili tena kutoka kwa mtoa huduma wako); kama iko sawa, hakikisha kompyuta hii iko mtandaoni, kisha jaribu tena.</translation>
    </message>
    <message>
        <source>A send is in progress: save this account once it has finished.</source>
        <translation>Utumaji unaendelea: hifadhi akaunti hii ukishakamilika.</translation>
    </message>
    <message>
        <source>An import is being uploaded: save this account once it has finished.</source>
        <translation>Uingizaji unapakiwa: hifadhi akaunti hii ukishakamilika.</translation>
    </message>
    <message>
        <source>Contacts are being changed: save this account once it has finished.</source>
        <translation>Anwani zinabadilishwa: hifadhi akaunti hii zikishakamilika.</translation>
    </message>
    <message>
        <source>Checking and saving…</source>
        <translation>Inakagua na kuhifadhi…</translation>
    </message>
</context>
<context>
    <name>AddNumbersDialog</name>
    <message>
        <source>Add to the opt-out list</source>
        <extracomment>Rows shown at once; a search finds the others. Typed entries that are no number, named in the status line (the rest are counted).</extracomment>
        <translation>Ongeza kwenye orodha ya waliojiondoa</translation>
    </message>
    <message>
        <source>Phone numbers, one per line (0712 345 678 or +254712345678):</source>
        <translation>Namba za simu, moja kwa kila mstari (0712 345 678 au +254712345678):</translation>
    </message>
    <message>
        <source>&amp;Why</source>
        <translation>&amp;Sababu</translation>
    </message>
    <message>
        <source>They replied STOP</source>
        <translation>Walijibu STOP</translation>
    </message>
    <message>
        <source>They asked us (in the shop, on the phone)</source>
        <translation>Walituomba (dukani, kwa simu)</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Ongeza</translation>
    </message>
</context>
<context>
    <name>BalanceChart</name>
    <message>
        <source>Balance history chart</source>
        <translation>Chati ya historia ya salio</translation>
    </message>
    <message>
        <source>No balance readings yet.</source>
        <translation>Bado hakuna vipimo vya salio.</translation>
    </message>
    <message>
        <source>{count} readings; {spent} credits spent in the last {days} days.</source>
        <translation>Vipimo {count}; krediti {spent} zimetumika katika siku {days} zilizopita.</translation>
    </message>
    <message>
        <source>Balance (credits)</source>
        <translation>Salio (krediti)</translation>
    </message>
    <message>
        <source>Credits spent per day</source>
        <translation>Krediti zilizotumika kwa siku</translation>
    </message>
    <message>
        <source>No readings in the last two weeks. Press Refresh to take one.</source>
        <translation>Hakuna vipimo katika wiki mbili zilizopita. Bonyeza Sasisha ili kupima.</translation>
    </message>
    <message>
        <source>No readings yet. The chart fills in each time Tuma checks your balance.</source>
        <translation>Bado hakuna vipimo. Chati inajaa kila Tuma inapoangalia salio lako.</translation>
    </message>
    <message>
        <source>Warning below {threshold}</source>
        <translation>Onyo chini ya {threshold}</translation>
    </message>
</context>
<context>
    <name>BalanceTab</name>
    <message>
        <source>Balance</source>
        <extracomment>When the balance shown was read (the last reading that worked): the subtitle&apos;s &quot;last checked at&quot;, kept when only the warning level changes. Where the keyboard went when Refresh greyed under it (given back after) The last reading failed: the subtitle says so until one works (a change of the warning level wrote &quot;last checked at &lt;now&gt;&quot; over it).</extracomment>
        <translation>Salio</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>Sasis&amp;ha</translation>
    </message>
    <message>
        <source>Check the balance again (F5)</source>
        <translation>Angalia salio tena (F5)</translation>
    </message>
    <message>
        <source>Credits</source>
        <translation>Krediti</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Thamani</translation>
    </message>
    <message>
        <source>Messages it buys</source>
        <translation>Jumbe inazonunua</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Historia</translation>
    </message>
    <message>
        <source>Sample history for the practice account</source>
        <translation>Historia ya mfano (mazoezi)</translation>
    </message>
    <message>
        <source>These readings were made up to show what the chart looks like. Your own account&apos;s chart starts with its first balance check.</source>
        <translation>Vipimo hivi ni vya kubuni ili kuonyesha jinsi chati inavyoonekana. Chati ya akaunti yako inaanza na ukaguzi wake wa kwanza wa salio.</translation>
    </message>
    <message>
        <source>&amp;Warn me when credits fall below</source>
        <translation>Onyo krediti zikiwa &amp;chini ya</translation>
    </message>
    <message>
        <source>never</source>
        <translation>kamwe</translation>
    </message>
    <message>
        <source>The status bar turns to a warning below this many credits. 0 turns it off.</source>
        <translation>Upau wa hali unaonyesha onyo krediti zikiwa chini ya idadi hii. 0 inazima onyo.</translation>
    </message>
    <message>
        <source>Each dot is a balance check by Tuma (at start, after each send and when you press Refresh). Top-ups are not counted as spending.</source>
        <translation>Kila nukta ni ukaguzi wa salio uliofanywa na Tuma (inapofunguliwa, baada ya kila utumaji na unapobonyeza Sasisha). Kuongeza salio hakuhesabiwi kama matumizi.</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Inaangalia…</translation>
    </message>
    <message>
        <source>No account connected.</source>
        <translation>Hakuna akaunti iliyounganishwa.</translation>
    </message>
    <message>
        <source>Could not check the balance: Tuma cannot reach the service. It checks again by itself when the connection is back.</source>
        <translation>Imeshindwa kuangalia salio: Tuma haiwezi kufikia huduma. Itaangalia tena yenyewe mtandao ukirudi.</translation>
    </message>
    <message>
        <source>Could not check the balance just now — see the message above.</source>
        <translation>Imeshindwa kuangalia salio sasa hivi — tazama ujumbe ulio juu.</translation>
    </message>
    <message>
        <source>Checking the balance…</source>
        <translation>Inaangalia salio…</translation>
    </message>
    <message>
        <source>{account} · last checked at {time}</source>
        <translation>{account} · iliangaliwa mwisho saa {time}</translation>
    </message>
    <message>
        <source>1 credit = 1 SMS part</source>
        <translation>Krediti 1 = sehemu 1 ya SMS</translation>
    </message>
    <message>
        <source>your provider&apos;s rate</source>
        <translation>bei ya mtoa huduma wako</translation>
    </message>
    <message>
        <source>the price in your account settings</source>
        <translation>bei iliyo kwenye mipangilio ya akaunti yako</translation>
    </message>
    <message>
        <source>at {price} per SMS part ({source})</source>
        <translation>kwa {price} kila sehemu ya SMS ({source})</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Haijulikani</translation>
    </message>
    <message>
        <source>Set the price per SMS part under Account → Connect an account…</source>
        <translation>Weka bei kwa sehemu ya SMS kwenye Akaunti → Unganisha akaunti…</translation>
    </message>
    <message>
        <source>single-part SMS (up to 160 plain characters each)</source>
        <translation>SMS za sehemu moja (hadi herufi 160 za kawaida kila moja)</translation>
    </message>
    <message>
        <source>Your balance is low: {credits} left, below your warning level of {threshold}. Top up with your provider before a big broadcast.</source>
        <translation>Salio lako liko chini: zimebaki {credits}, chini ya kiwango chako cha onyo cha {threshold}. Ongeza salio kwa mtoa huduma wako kabla ya kutuma kwa watu wengi.</translation>
    </message>
</context>
<context>
    <name>CategoryChooser</name>
    <message>
        <source>&amp;Kind of message</source>
        <translation>Aina &amp;ya ujumbe</translation>
    </message>
    <message>
        <source>Promotion</source>
        <translation>Tangazo</translation>
    </message>
    <message>
        <source>Offers, sales, new stock: the rules for promotions apply</source>
        <translation>Ofa, punguzo, bidhaa mpya: sheria za matangazo zinatumika</translation>
    </message>
    <message>
        <source>Service message</source>
        <translation>Ujumbe wa huduma</translation>
    </message>
    <message>
        <source>Receipts, reminders, delivery notices to a customer</source>
        <translation>Risiti, vikumbusho, taarifa za mzigo kwa mteja</translation>
    </message>
    <message>
        <source>Promotions may only go out between {hours}, must say how to stop them, and never go to numbers on your opt-out list. Service messages (a receipt, a reminder, a delivery notice) are not promotions.</source>
        <translation>Matangazo yanaweza kutumwa kati ya {hours} tu, lazima yaseme jinsi ya kujiondoa, na hayatumwi kamwe kwa namba zilizo kwenye orodha ya waliojiondoa. Ujumbe wa huduma (risiti, kikumbusho, taarifa ya mzigo) si tangazo.</translation>
    </message>
</context>
<context>
    <name>CheckPage</name>
    <message>
        <source>Check before uploading</source>
        <translation>Kagua kabla ya kupakia</translation>
    </message>
    <message>
        <source>ready to import</source>
        <translation>tayari kuingizwa</translation>
    </message>
    <message>
        <source>of them repaired</source>
        <translation>kati yao zimerekebishwa</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>zimekataliwa</translation>
    </message>
    <message>
        <source>repeated numbers</source>
        <translation>namba zilizorudiwa</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Rudi</translation>
    </message>
    <message>
        <source>Upload</source>
        <translation>Pakia</translation>
    </message>
</context>
<context>
    <name>CheckingPage</name>
    <message>
        <source>Checking every row…</source>
        <translation>Inakagua kila safu…</translation>
    </message>
</context>
<context>
    <name>ColumnsPage</name>
    <message>
        <source>Which column holds what</source>
        <translation>Kila safu wima ina nini</translation>
    </message>
    <message>
        <source>Chosen from the headings and contents: change any that are wrong, and see the sample change.</source>
        <translation>Zimechaguliwa kwa vichwa na maudhui: badilisha yoyote iliyokosewa, na uone mfano ukibadilika.</translation>
    </message>
    <message>
        <source>Sample</source>
        <translation>Mfano</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Rudi</translation>
    </message>
    <message>
        <source>Check every row</source>
        <translation>Kagua kila safu</translation>
    </message>
</context>
<context>
    <name>Compose</name>
    <message>
        <source>It could not be added to the Delivery tab.</source>
        <translation>Haikuweza kuongezwa kwenye kichupo cha Ufikishaji.</translation>
    </message>
    <message>
        <source>Survey sent to {people}.</source>
        <translation>Utafiti umetumwa kwa {people}.</translation>
    </message>
    <message>
        <source>Skipped: {numbers}.</source>
        <translation>Zimerukwa: {numbers}.</translation>
    </message>
    <message>
        <source>The survey stopped before the other {people}: {reason} Press Send survey again to send it to them: Tuma offers to leave out everyone who got it.</source>
        <translation>Utafiti ulisimama kabla ya kuwafikia wengine ({people}): {reason} Bonyeza Tuma utafiti tena ili uwatumie: Tuma itakupa nafasi ya kuwaacha wote walioupata.</translation>
    </message>
    <message>
        <source>Not enough credit: this send needs {needed}, but your balance is {balance}. Top up at least {missing}, or send to fewer people.</source>
        <translation>Krediti hazitoshi: utumaji huu unahitaji {needed}, lakini salio lako ni {balance}. Ongeza angalau {missing}, au tuma kwa watu wachache.</translation>
    </message>
    <message>
        <source>(skipped)</source>
        <translation>(imerukwa)</translation>
    </message>
    <message>
        <source>and {n} more</source>
        <translation>na wengine {n}</translation>
    </message>
    <message>
        <source>today at {time}</source>
        <translation>leo saa {time}</translation>
    </message>
    <message>
        <source>yesterday at {time}</source>
        <translation>jana saa {time}</translation>
    </message>
    <message>
        <source>on {date} at {time}</source>
        <translation>tarehe {date} saa {time}</translation>
    </message>
    <message>
        <source>{n} of these {total} already got this message {when}.</source>
        <translation>{n} kati ya {total} hawa tayari walipata ujumbe huu {when}.</translation>
    </message>
    <message>
        <source>This person already got this message {when}.</source>
        <translation>Mtu huyu tayari alipata ujumbe huu {when}.</translation>
    </message>
    <message>
        <source>All {total} already got this message {when}.</source>
        <translation>Hawa wote ({total}) tayari walipata ujumbe huu {when}.</translation>
    </message>
    <message>
        <source>{n} are waiting for it in a broadcast that has not finished (Review… in Compose shows it).</source>
        <translation>Wanausubiri {n} katika utumaji ambao haujakamilika (Kagua… kwenye Andika inauonyesha).</translation>
    </message>
    <message>
        <source>{n} are due to get it in a scheduled message (View… in Compose shows it).</source>
        <translation>Wanatarajiwa kuupata {n} katika ujumbe uliopangwa (Tazama… kwenye Andika inauonyesha).</translation>
    </message>
    <message>
        <source>Sent to {people} ({credits}).</source>
        <extracomment>How often the tab looks for scheduled sends that fell due (ms). A scheduled send the running due check finds later than this after its time is asked about, not sent unasked: the computer slept (lid closed) through its time, or Tuma was stalled. Ten minutes is far more than a check normally comes late (every 20 s, plus the minute or two a send under way may hold the next one back), and short enough that a message sent unasked still goes out when the user meant it to (a laptop&apos;s lid closed over lunch, or overnight, is caught). How long &quot;Cancel send&quot; can be undone (a slip of the mouse is noticed at once; nobody undoes a cancel from before lunch). The next cancel ends it sooner.</extracomment>
        <translation>Umetumwa kwa {people} ({credits}).</translation>
    </message>
    <message>
        <source>Nothing was sent.</source>
        <translation>Hakuna kilichotumwa.</translation>
    </message>
    <message>
        <source>{n} not sent yet: you can send them later.</source>
        <translation>Bado hawajatumiwa {n}: unaweza kuwatumia baadaye.</translation>
    </message>
    <message>
        <source>{n}: a web page came back instead of the messaging service&apos;s reply, so it is not known whether they got it. Your internet may need attention (data bundle used up, or Wi-Fi asking you to sign in): open a web browser to check. Then choose Review to decide; nothing is sent again on its own.</source>
        <translation>{n}: ukurasa wa wavuti ulirudi badala ya jibu la huduma ya ujumbe, kwa hiyo haijulikani kama waliupata. Huenda intaneti yako inahitaji kuangaliwa (bando la data limeisha, au Wi-Fi inakuomba uingie): fungua kivinjari uangalie. Kisha chagua Kagua ili uamue; hakuna kinachotumwa tena chenyewe.</translation>
    </message>
    <message>
        <source>{n}: the connection broke while sending, so it is not known whether they got it. Choose Review to decide; nothing is sent again on its own.</source>
        <translation>{n}: muunganisho ulikatika wakati wa kutuma, kwa hiyo haijulikani kama waliupata. Chagua Kagua ili uamue; hakuna kinachotumwa tena chenyewe.</translation>
    </message>
    <message>
        <source>Some rounds were refused: {reason}</source>
        <translation>Baadhi ya awamu zilikataliwa: {reason}</translation>
    </message>
    <message>
        <source>Delivery reports will appear in the Delivery tab.</source>
        <translation>Ripoti za ufikishaji zitaonekana kwenye kichupo cha Ufikishaji.</translation>
    </message>
    <message>
        <source>The service refused the send: your balance is too low.</source>
        <translation>Huduma imekataa utumaji: salio lako ni dogo mno.</translation>
    </message>
    <message>
        <source>(The service said: “{message}”)</source>
        <translation>(Huduma ilisema: “{message}”)</translation>
    </message>
    <message>
        <source>Nothing was sent. Top up, then press Send again.</source>
        <translation>Hakuna kilichotumwa. Ongeza salio, kisha bonyeza Tuma tena.</translation>
    </message>
    <message>
        <source>The rest was not sent: top up, then resume it from the note above.</source>
        <translation>Zilizobaki hazikutumwa: ongeza salio, kisha endelea kutoka kwenye taarifa iliyo juu.</translation>
    </message>
    <message>
        <source>The sender name “{sender}” is not registered to your account, so nothing was sent. Choose another sender name under “From”, or ask your provider to register it.</source>
        <translation>Jina la mtumaji “{sender}” halijasajiliwa kwenye akaunti yako, kwa hiyo hakuna kilichotumwa. Chagua jina jingine la mtumaji kwenye “Kutoka”, au muombe mtoa huduma wako alisajili.</translation>
    </message>
    <message>
        <source>The sender name “{sender}” is no longer registered to your account, so the rest was not sent. It waits in the note above: once your provider has registered the name again, send the rest from there, or choose “Don&apos;t send the rest”.</source>
        <translation>Jina la mtumaji “{sender}” halijasajiliwa tena kwenye akaunti yako, kwa hiyo zilizobaki hazikutumwa. Zinasubiri kwenye ujumbe ulio juu: mtoa huduma wako akishalisajili jina tena, tuma zilizobaki kutoka hapo, au chagua “Usitume zilizobaki”.</translation>
    </message>
    <message>
        <source>The sender name “{sender}” is not registered to your account, so this message was not sent. It waits in the note above: once your provider has registered the name, send it from there, or choose “Don&apos;t send the rest”.</source>
        <translation>Jina la mtumaji “{sender}” halijasajiliwa kwenye akaunti yako, kwa hiyo ujumbe huu haukutumwa. Unasubiri kwenye ujumbe ulio juu: mtoa huduma wako akishalisajili jina, utume kutoka hapo, au chagua “Usitume zilizobaki”.</translation>
    </message>
    <message>
        <source>Your account needs to be connected again. The rest of this send is kept: once you are connected, resume it from the note above.</source>
        <translation>Akaunti yako inahitaji kuunganishwa tena. Sehemu iliyobaki ya utumaji huu imehifadhiwa: ukishaunganishwa, endelea kutoka kwenye taarifa iliyo juu.</translation>
    </message>
    <message>
        <source>{problem}: the rest of this send was not sent. It is kept: resume it from the note above when the service is back.</source>
        <translation>{problem}: zilizobaki za utumaji huu hazikutumwa. Zimehifadhiwa: endelea nazo kutoka kwenye ujumbe ulio juu huduma ikirudi.</translation>
    </message>
    <message>
        <source>Your account needs to be connected again. Your message is kept.</source>
        <translation>Akaunti yako inahitaji kuunganishwa tena. Ujumbe wako umehifadhiwa.</translation>
    </message>
</context>
<context>
    <name>ComposeTab</name>
    <message>
        <source>SMS</source>
        <extracomment>Emitted (from a finally) when a send attempt ends, whatever happened; carries the RunReport, the exception, or None when the user cancelled / it was stopped. The resume banner was brought up to date (carries the unfinished broadcasts). The account the form&apos;s draft belongs to (drafts are per account). Bumped on every edit: a draft read from the store never overwrites newer typing. Where a Send stands (core&apos;s flow: idle, checking, confirming, sending, stopping). The latest balance we know of: the context&apos;s reading, or the one fetched just before a send (fresher). the sender ID of the restored draft, chosen once the session lists it False in --screenshots mode: the sample typed there is never saved as a draft The account&apos;s opt-out line (read when the account connects). Scheduled sends due before this moment fell due while Tuma was closed (or their account was not open in it): the user is asked about them; later ones are sent when due. Set again whenever an account is opened. Overdue sends already asked about in this run (&quot;Decide later&quot;). Sends put back on the schedule by Undo after their time passed while they were being edited: asked about, as an overdue one found at start, never sent unasked. The last due check left sends waiting for the send under way: checked again as soon as it ends (not up to 20 s later). The scheduled send the form&apos;s text was taken from by Edit (kept with the draft, so the form still says so after a quit, and Undo still puts it back). The kind of message the form&apos;s text came with (a scheduled send&apos;s own, brought back by Edit), or the one the user chose for it since: it holds over the sender ID&apos;s usual kind until the form is cleared (a promotion edited stays one, so the opt-out list and the hours still apply). None: the sender ID&apos;s usual kind. The last Cancel send, while it can be undone (until the next cancel, or minutes). What the window&apos;s bar says because a send failed (taken back once one goes well) Sends a cancel&apos;s Undo put back after their time: asked about (with words that say so), never sent unasked. The rest of unfinished promotions the hours question held back for the morning (&quot;Send it tomorrow at 08:00&quot; after &quot;Send to the remaining&quot;): broadcast id → the account it is for and when it goes (the shop&apos;s clock). In memory only: after a quit (or another account) the rest waits in the note about unfinished broadcasts, asked about at the next start, never sent unasked.</extracomment>
        <translation>SMS</translation>
    </message>
    <message>
        <source>WhatsApp template</source>
        <translation>Kiolezo cha WhatsApp</translation>
    </message>
    <message>
        <source>Survey</source>
        <translation>Utafiti</translation>
    </message>
    <message>
        <source>&amp;To</source>
        <translation>&amp;Kwa</translation>
    </message>
    <message>
        <source>Recipients&apos; phone numbers</source>
        <translation>Namba za simu za wapokeaji</translation>
    </message>
    <message>
        <source>&amp;Message</source>
        <translation>U&amp;jumbe</translation>
    </message>
    <message>
        <source>Message text</source>
        <translation>Maandishi ya ujumbe</translation>
    </message>
    <message>
        <source>Templates updated: “{name}”.</source>
        <translation>Violezo vimesasishwa: “{name}”.</translation>
    </message>
    <message>
        <source>Choose a day and time for this message to go out</source>
        <translation>Chagua siku na saa ujumbe huu utumwe</translation>
    </message>
    <message>
        <source>Template inserted. Ctrl+Z puts back what was there.</source>
        <translation>Kiolezo kimewekwa. Ctrl+Z inarudisha kilichokuwepo.</translation>
    </message>
    <message>
        <source>Connect an account to pick from your contacts.</source>
        <translation>Unganisha akaunti ili uchague kutoka kwenye anwani zako.</translation>
    </message>
    <message>
        <source>Added {contacts}.</source>
        <translation>Zimeongezwa {contacts}.</translation>
    </message>
    <message>
        <source>Your sender name</source>
        <translation>Jina lako la mtumaji</translation>
    </message>
    <message>
        <source>Choose people from your contacts list</source>
        <translation>Chagua watu kutoka kwenye orodha ya anwani zako</translation>
    </message>
    <message>
        <source>Your secret key cannot read contacts (an older kind of key). Connect with a newer key from your provider to pick from contacts.</source>
        <translation>Ufunguo wako wa siri hauwezi kusoma anwani (ni ufunguo wa aina ya zamani). Unganisha kwa ufunguo mpya kutoka kwa mtoa huduma wako ili uchague kutoka kwenye anwani.</translation>
    </message>
    <message>
        <source>Ready to send to {people}: check the message, then press Send.</source>
        <translation>Tayari kutuma kwa {people}: kagua ujumbe, kisha bonyeza Tuma.</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Tendua</translation>
    </message>
    <message>
        <source>Ready to send to {people}. Their names were not kept with this older send, so the message will not have their names (the “No name?” word is used instead). Check the message, then press Send.</source>
        <translation>Tayari kutuma kwa {people}. Majina yao hayakuhifadhiwa pamoja na utumaji huu wa zamani, kwa hivyo ujumbe hautakuwa na majina yao (neno la “Hakuna jina?” linatumika badala yake). Kagua ujumbe, kisha bonyeza Tuma.</translation>
    </message>
    <message>
        <source>Send lat&amp;er…</source>
        <extracomment>The SMS page&apos;s part of the bar (the other channels have their own Send). What the send costs, in one line (the summary card has the details).</extracomment>
        <translation>Tuma &amp;baadaye…</translation>
    </message>
    <message>
        <source>Recipients cleared.</source>
        <translation>Wapokeaji wameondolewa.</translation>
    </message>
    <message>
        <source>Connect an account to send messages.</source>
        <extracomment>The result line and Send: ``take_send_row`` moves them out of the card. Why Send is greyed, beside it, as on the SMS page (a grey button said nothing).</extracomment>
        <translation>Unganisha akaunti ili utume jumbe.</translation>
    </message>
    <message>
        <source>Choose who the message is from (sender name).</source>
        <translation>Chagua ujumbe unatoka kwa nani (jina la mtumaji).</translation>
    </message>
    <message>
        <source>None of the numbers is valid: check the ones marked in red.</source>
        <translation>Hakuna namba iliyo sahihi: kagua zilizowekwa alama nyekundu.</translation>
    </message>
    <message>
        <source>Add at least one recipient.</source>
        <translation>Ongeza angalau mpokeaji mmoja.</translation>
    </message>
    <message>
        <source>Type a message.</source>
        <translation>Andika ujumbe.</translation>
    </message>
    <message>
        <source>Tuma cannot fill in {fields}: everyone would get it as typed, braces and all. Use the “+ First name”, “+ Last name” or “+ Phone” buttons instead, or remove the braces.</source>
        <translation>Tuma haiwezi kujaza {fields}: kila mtu angeupata kama ulivyoandikwa, pamoja na mabano. Tumia vitufe “+ Jina la kwanza”, “+ Jina la mwisho” au “+ Simu” badala yake, au ondoa mabano.</translation>
    </message>
    <message>
        <source>The message is too long: {n} characters; the limit is {limit}.</source>
        <translation>Ujumbe ni mrefu mno: herufi {n}; kikomo ni {limit}.</translation>
    </message>
    <message>
        <source>Some recipients would get an empty message: add text or a fallback.</source>
        <translation>Baadhi ya wapokeaji wangepata ujumbe mtupu: ongeza maandishi au neno la akiba.</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Inatuma…</translation>
    </message>
    <message>
        <source>Needs {needed}; you have {balance}</source>
        <translation>Inahitaji {needed}; una {balance}</translation>
    </message>
    <message>
        <source>Send to {people}</source>
        <translation>Tuma kwa {people}</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Tuma</translation>
    </message>
    <message>
        <source>Cost: {credits}</source>
        <translation>Gharama: {credits}</translation>
    </message>
    <message>
        <source>Cost: {credits} ({kes})</source>
        <translation>Gharama: {credits} ({kes})</translation>
    </message>
    <message>
        <source>This message was scheduled to go out {when}. It was taken off the schedule so you could change it: send it, or schedule it again with Send later.</source>
        <extracomment>A draft read from the store was put in the form (tests wait on it).</extracomment>
        <translation>Ujumbe huu ulipangwa kutumwa {when}. Uliondolewa kwenye ratiba ili uubadilishe: utume, au uupange tena kwa Tuma baadaye.</translation>
    </message>
    <message>
        <source>Another account is being opened: wait until it is, then press Send.</source>
        <translation>Akaunti nyingine inafunguliwa: subiri ifunguke, kisha bonyeza Tuma.</translation>
    </message>
    <message>
        <source>Everyone you chose is on your opt-out list, so this promotion goes to nobody. Choose “Service message” if it is a receipt or a reminder.</source>
        <translation>Wote uliowachagua wako kwenye orodha ya waliojiondoa, kwa hiyo tangazo hili halitamfikia yeyote. Chagua “Ujumbe wa huduma” kama ni risiti au kikumbusho.</translation>
    </message>
    <message>
        <source>Checking your balance…</source>
        <translation>Inaangalia salio lako…</translation>
    </message>
    <message>
        <source>Nothing was sent, and your message is kept. {why}</source>
        <translation>Hakuna kilichotumwa, na ujumbe wako umehifadhiwa. {why}</translation>
    </message>
    <message>
        <source>Tuma could not reach the messaging service, so nothing was sent. Your message is kept: check your internet connection, then press Send again.</source>
        <translation>Tuma imeshindwa kufikia huduma ya ujumbe, kwa hiyo hakuna kilichotumwa. Ujumbe wako umehifadhiwa: kagua intaneti yako, kisha ubonyeze Tuma tena.</translation>
    </message>
    <message>
        <source>Not sent: you made a change while it was being checked. Check the message, then press Send again.</source>
        <translation>Haijatumwa: ulifanya mabadiliko wakati ilipokuwa ikikaguliwa. Angalia ujumbe, kisha bonyeza Tuma tena.</translation>
    </message>
    <message>
        <source>SMS (personalised)</source>
        <translation>SMS (yenye majina)</translation>
    </message>
    <message>
        <source>Not sent: another account was opened while you were confirming. The message is kept for “{account}”: open it again to send it.</source>
        <translation>Haijatumwa: akaunti nyingine ilifunguliwa ulipokuwa ukithibitisha. Ujumbe umehifadhiwa kwa “{account}”: ifungue tena ili uutume.</translation>
    </message>
    <message>
        <source>Nothing was scheduled: the time you chose ({when}) passed while the confirmation was open. Press Send later to choose another time, or Send to send it now.</source>
        <translation>Hakuna kilichopangwa: muda uliochagua ({when}) ulipita dirisha la kuthibitisha likiwa wazi. Bonyeza Tuma baadaye kuchagua muda mwingine, au Tuma kuutuma sasa.</translation>
    </message>
    <message>
        <source>Scheduled: it goes out {when} to {people}.</source>
        <translation>Umepangwa: utatumwa {when} kwa {people}.</translation>
    </message>
    <message>
        <source>The scheduled message was cancelled.</source>
        <translation>Ujumbe uliopangwa umeghairiwa.</translation>
    </message>
    <message>
        <source>Another send is going out: resume this one when it has finished.</source>
        <translation>Utumaji mwingine unaendelea: endelea na huu utakapokamilika.</translation>
    </message>
    <message>
        <source>The rest goes out {when}, if Tuma is running then. If it is closed at that time, it asks you the next time it starts.</source>
        <translation>Zilizobaki zitatumwa {when}, ikiwa Tuma itakuwa imefunguliwa wakati huo. Ikiwa imefungwa wakati huo, itakuuliza itakapofunguliwa tena.</translation>
    </message>
    <message>
        <source>The rest of a promotion was to go out {when}, but Tuma could not send it then (the computer was asleep, or Tuma was busy). Nothing more was sent: it waits in the note above.</source>
        <translation>Zilizobaki za tangazo zilipaswa kutumwa {when}, lakini Tuma haikuweza kuzituma wakati huo (kompyuta ilikuwa imelala, au Tuma ilikuwa na kazi nyingine). Hakuna kingine kilichotumwa: zinasubiri kwenye ujumbe ulio juu.</translation>
    </message>
    <message>
        <source>It was not sent again: it is already being sent, or was sent or cancelled meanwhile. The Delivery tab shows what went out.</source>
        <extracomment>A scheduled send was dealt with (sent, asked about, cancelled): tests wait on it.</extracomment>
        <translation>Haukutumwa tena: tayari unatumwa, au ulitumwa au ulighairiwa wakati huo. Kichupo cha Ufikishaji kinaonyesha kilichotumwa.</translation>
    </message>
    <message>
        <source>A message is being sent. Once it is done, press Send now again.</source>
        <translation>Ujumbe unatumwa. Ukimaliza, bonyeza Tuma sasa tena.</translation>
    </message>
    <message>
        <source>Moved: it goes out {when}.</source>
        <translation>Umehamishwa: utatumwa {when}.</translation>
    </message>
    <message>
        <source>It could not be moved: it is already being sent, or was sent or cancelled meanwhile. The Delivery tab shows what went out.</source>
        <translation>Haukuweza kuhamishwa: tayari unatumwa, au ulitumwa au ulighairiwa wakati huo. Kichupo cha Ufikishaji kinaonyesha kilichotumwa.</translation>
    </message>
    <message>
        <source>A message is being sent. Once it is done, press Edit again.</source>
        <translation>Ujumbe unatumwa. Ukimaliza, bonyeza Hariri tena.</translation>
    </message>
    <message>
        <source>This message is no longer scheduled: it was sent or cancelled meanwhile. The Delivery tab shows what was sent.</source>
        <translation>Ujumbe huu haupo tena kwenye ratiba: ulitumwa au ulighairiwa wakati huo. Kichupo cha Ufikishaji kinaonyesha kilichotumwa.</translation>
    </message>
    <message>
        <source>It is off the schedule (it was due {when}) until you send it or schedule it again.</source>
        <translation>Umeondolewa kwenye ratiba (ulipangwa {when}) hadi uutume au uupange tena.</translation>
    </message>
    <message>
        <source>Back on the schedule. Its time ({when}) passed while it was being edited: choose whether to send it now.</source>
        <translation>Imerudishwa kwenye ratiba. Muda wake ({when}) ulipita ukiwa unahaririwa: chagua kama utume sasa.</translation>
    </message>
    <message>
        <source>Back on the schedule: it goes out {when}.</source>
        <translation>Imerudishwa kwenye ratiba: itatumwa {when}.</translation>
    </message>
    <message>
        <source>It could not be cancelled: it is already being sent, or was sent or cancelled meanwhile. The Delivery tab shows what went out.</source>
        <translation>Haukuweza kughairiwa: tayari unatumwa, au ulitumwa au ulighairiwa wakati huo. Kichupo cha Ufikishaji kinaonyesha kilichotumwa.</translation>
    </message>
    <message>
        <source>It is back on the schedule already.</source>
        <translation>Tayari imerudishwa kwenye ratiba.</translation>
    </message>
    <message>
        <source>Back on the schedule. Its time ({when}) passed after it was cancelled: choose whether to send it now.</source>
        <translation>Imerudishwa kwenye ratiba. Muda wake ({when}) ulipita baada ya kughairiwa: chagua kama utume sasa.</translation>
    </message>
    <message>
        <source>Stopped before anything was sent.</source>
        <translation>Imesimamishwa kabla ya kutuma chochote.</translation>
    </message>
</context>
<context>
    <name>ConfirmButtons</name>
    <message>
        <source>{invalid} and will be skipped.</source>
        <extracomment>&quot;Send to all anyway…&quot; pressed once: the dialog&apos;s numbers are everyone&apos;s from now on</extracomment>
        <translation>{invalid}. Namba zisizo sahihi zinarukwa.</translation>
    </message>
    <message numerus="yes">
        <source>Send only to the %Ln new person(s)</source>
        <translation>
            <numerusform>Tuma kwa mtu %Ln mpya pekee</numerusform>
            <numerusform>Tuma kwa watu %Ln wapya pekee</numerusform>
        </translation>
    </message>
    <message>
        <source>Send again anyway…</source>
        <translation>Tuma tena hata hivyo…</translation>
    </message>
    <message>
        <source>Send to all {n} anyway…</source>
        <translation>Tuma kwa wote {n} hata hivyo…</translation>
    </message>
    <message>
        <source>{n} will get this message a second time. Click again to send to all.</source>
        <translation>Ujumbe huu utawafikia {n} mara ya pili. Bofya tena ili kutuma kwa wote.</translation>
    </message>
    <message>
        <source>Yes, send it again</source>
        <translation>Ndiyo, tuma tena</translation>
    </message>
    <message>
        <source>Yes, send to all {n} again</source>
        <translation>Ndiyo, tuma tena kwa wote {n}</translation>
    </message>
</context>
<context>
    <name>ConfirmSendDialog</name>
    <message>
        <source>Send this message?</source>
        <translation>Utume ujumbe huu?</translation>
    </message>
    <message>
        <source>Schedule this message?</source>
        <translation>Upange ujumbe huu?</translation>
    </message>
    <message>
        <source>Schedule it for {people}?</source>
        <translation>Upange utumwe kwa {people}?</translation>
    </message>
    <message>
        <source>Send to {people}?</source>
        <translation>Utume kwa {people}?</translation>
    </message>
    <message>
        <source>Schedule it for {people} who did not get it yet?</source>
        <translation>Upange utumwe kwa {people} ambao bado hawajaupata?</translation>
    </message>
    <message>
        <source>Send to {people} who did not get it yet?</source>
        <translation>Utume kwa {people} ambao bado hawajaupata?</translation>
    </message>
    <message>
        <source>Everyone here got this message or is waiting for it</source>
        <translation>Kila mtu hapa ameupata ujumbe huu au anausubiri</translation>
    </message>
    <message>
        <source>Everyone here already got this message</source>
        <translation>Kila mtu hapa tayari ameupata ujumbe huu</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Njia</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Kutoka</translation>
    </message>
    <message>
        <source>Recipients</source>
        <translation>Wapokeaji</translation>
    </message>
    <message>
        <source>Parts per message</source>
        <translation>Sehemu kwa kila ujumbe</translation>
    </message>
    <message>
        <source>Credits</source>
        <translation>Krediti</translation>
    </message>
    <message>
        <source>Estimated cost</source>
        <translation>Gharama inayokadiriwa</translation>
    </message>
    <message>
        <source>Balance after</source>
        <translation>Salio baadaye</translation>
    </message>
    <message>
        <source>Sent in</source>
        <translation>Inatumwa kwa</translation>
    </message>
    <message>
        <source>Goes out</source>
        <translation>Utatumwa</translation>
    </message>
    <message>
        <source>Send now</source>
        <translation>Tuma sasa</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Panga</translation>
    </message>
</context>
<context>
    <name>ConfirmSurveyDialog</name>
    <message>
        <source>Send this survey?</source>
        <extracomment>The tips beside the WhatsApp and Survey forms: at 360 (the SMS summary&apos;s width) the form was left ~390 px at 800 (its placeholders and &quot;No recipients yet.&quot; cut or wrapped). The most people one survey request may name (CONTRACT: at most 1,000 recipients per call): a longer list goes in rounds of this many. A survey to more people than one request may name: its later rounds, accepted. A later round failed (the ones before it went): why, and how many people it and the rounds after it were for (nothing was sent to them, or it is in doubt: ``stopped``).</extracomment>
        <translation>Utume utafiti huu?</translation>
    </message>
    <message>
        <source>Send survey “{survey}” to {people}?</source>
        <translation>Utume utafiti “{survey}” kwa {people}?</translation>
    </message>
    <message>
        <source>Each person gets the survey&apos;s questions by SMS and answers by reply. Your provider charges for these messages like any other SMS.</source>
        <translation>Kila mtu anapata maswali ya utafiti kwa SMS na kujibu kwa kurudisha ujumbe. Mtoa huduma wako anatoza jumbe hizi kama SMS nyingine yoyote.</translation>
    </message>
    <message>
        <source>Send survey</source>
        <translation>Tuma utafiti</translation>
    </message>
</context>
<context>
    <name>ConfirmWhatsAppDialog</name>
    <message>
        <source>Send this WhatsApp template?</source>
        <translation>Utume kiolezo hiki cha WhatsApp?</translation>
    </message>
    <message>
        <source>Send template “{template}” ({language}) to {phone}?</source>
        <translation>Utume kiolezo “{template}” ({language}) kwa {phone}?</translation>
    </message>
    <message>
        <source>The customer gets your approved template on WhatsApp. Nothing is charged if the template or the customer&apos;s opt-in is refused.</source>
        <translation>Mteja anapata kiolezo chako kilichoidhinishwa kwenye WhatsApp. Hakuna malipo kiolezo au idhini ya mteja ikikataliwa.</translation>
    </message>
    <message>
        <source>Send template</source>
        <translation>Tuma kiolezo</translation>
    </message>
</context>
<context>
    <name>ContactFormDialog</name>
    <message>
        <source>Edit contact</source>
        <extracomment>Writes of a form&apos;s contact draft: DRAFT_TASK + &quot;.&quot; + the form&apos;s draft key (so the latest write of a form&apos;s draft replaces one of its own not yet made, never another form&apos;s). Typing pauses this long before the draft is written (as Compose&apos;s draft). The contact being edited was deleted elsewhere meanwhile (the list shows it still). A save attempt ended (saved, refused or failed): tests wait on it. False: nothing typed here is kept as a draft (the screenshots&apos; sample form). The key its draft is kept under (its own; a reopened draft&apos;s, once reopened). What this form last wrote as its contact draft (None: it holds none). Tuma is closing: closing the form keeps the draft instead of asking.</extracomment>
        <translation>Hariri anwani</translation>
    </message>
    <message>
        <source>Add a contact</source>
        <translation>Ongeza anwani</translation>
    </message>
    <message>
        <source>New contact</source>
        <translation>Anwani mpya</translation>
    </message>
    <message>
        <source>Added {when}</source>
        <translation>Iliongezwa {when}</translation>
    </message>
    <message>
        <source>name@example.co.ke (optional)</source>
        <translation>jina@mfano.co.ke (si lazima)</translation>
    </message>
    <message>
        <source>For example: buys every Friday</source>
        <translation>Kwa mfano: ananunua kila Ijumaa</translation>
    </message>
    <message>
        <source>Any form: 0712 345 678, 254712345678 or +254712345678</source>
        <translation>Kwa namna yoyote: 0712 345 678, 254712345678 au +254712345678</translation>
    </message>
    <message>
        <source>&amp;Phone</source>
        <translation>&amp;Simu</translation>
    </message>
    <message>
        <source>&amp;First name</source>
        <translation>&amp;Jina la kwanza</translation>
    </message>
    <message>
        <source>&amp;Last name</source>
        <translation>Jina la &amp;mwisho</translation>
    </message>
    <message>
        <source>&amp;Email</source>
        <translation>&amp;Barua pepe</translation>
    </message>
    <message>
        <source>N&amp;otes</source>
        <translation>Ma&amp;elezo</translation>
    </message>
    <message>
        <source>Save changes</source>
        <translation>Hifadhi mabadiliko</translation>
    </message>
    <message>
        <source>Add contact</source>
        <translation>Ongeza anwani</translation>
    </message>
    <message>
        <source>Saved as {number}</source>
        <translation>Imehifadhiwa kama {number}</translation>
    </message>
    <message>
        <source>This is not an email address. Write it like name@example.co.ke, or leave it empty.</source>
        <translation>Hii si anwani ya barua pepe. Iandike kama jina@mfano.co.ke, au iache tupu.</translation>
    </message>
    <message>
        <source>You switched to another account after opening this form, so it was not saved: it would have gone to “{account}”. Switch back to save it, or close it.</source>
        <translation>Ulibadilisha akaunti baada ya kufungua fomu hii, kwa hiyo haijahifadhiwa: ingeenda kwa “{account}”. Rudi kwenye akaunti ya awali ili kuihifadhi, au ifunge.</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Inahifadhi…</translation>
    </message>
    <message>
        <source>Add it again</source>
        <translation>Iongeze tena</translation>
    </message>
    <message>
        <source>This contact was deleted after you opened it (on another computer, or by someone else using this account). What you typed is still here: press “Add it again” to keep it, or Cancel.</source>
        <translation>Anwani hii ilifutwa baada ya wewe kuifungua (kwenye kompyuta nyingine, au na mtu mwingine anayetumia akaunti hii). Ulichoandika bado kipo hapa: bonyeza “Iongeze tena” ili kuihifadhi, au Ghairi.</translation>
    </message>
    <message>
        <source>Your provider refused this: “{words}”</source>
        <translation>Mtoa huduma wako amekataa hili: “{words}”</translation>
    </message>
    <message>
        <source>Another contact already has {number}. Search for it to edit it.</source>
        <translation>Anwani nyingine tayari ina {number}. Itafute ili uihariri.</translation>
    </message>
    <message>
        <source>{name} already has {number}: a number can belong to one contact only.</source>
        <translation>{name} tayari ana {number}: namba moja inaweza kuwa ya anwani moja tu.</translation>
    </message>
    <message>
        <source>Open {name}</source>
        <translation>Fungua {name}</translation>
    </message>
    <message>
        <source>Discard changes?</source>
        <translation>Uache mabadiliko?</translation>
    </message>
    <message>
        <source>Close without saving this contact?</source>
        <translation>Ufunge bila kuhifadhi anwani hii?</translation>
    </message>
    <message>
        <source>What you typed here will be lost.</source>
        <translation>Ulichoandika hapa kitapotea.</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Acha</translation>
    </message>
    <message>
        <source>Keep editing</source>
        <translation>Endelea kuhariri</translation>
    </message>
</context>
<context>
    <name>ContactPickerDialog</name>
    <message>
        <source>Add recipients from contacts</source>
        <extracomment>The task that collects the people to add (Cancel stops it: nobody is added). The widest the group box gets, and the longest group name a button quotes whole. Emitted when a page of the list or &quot;add all&quot; finishes (tests wait on it).</extracomment>
        <translation>Ongeza wapokeaji kutoka kwenye anwani</translation>
    </message>
    <message>
        <source>Search by name or phone number</source>
        <translation>Tafuta kwa jina au namba ya simu</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Kikundi</translation>
    </message>
    <message>
        <source>Groups are kept on this computer</source>
        <translation>Vikundi vinawekwa kwenye kompyuta hii</translation>
    </message>
    <message>
        <source>Add selected</source>
        <translation>Ongeza waliochaguliwa</translation>
    </message>
    <message>
        <source>Add all matching</source>
        <translation>Ongeza wote wanaolingana</translation>
    </message>
    <message>
        <source>All contacts</source>
        <translation>Anwani zote</translation>
    </message>
    <message>
        <source>Connect an account to see your contacts.</source>
        <translation>Unganisha akaunti ili uone anwani zako.</translation>
    </message>
    <message>
        <source>Loading contacts…</source>
        <translation>Inapakia anwani…</translation>
    </message>
    <message>
        <source>No contacts match “{search}”.</source>
        <translation>Hakuna anwani inayolingana na “{search}”.</translation>
    </message>
    <message>
        <source>Nobody is in this group yet.</source>
        <translation>Bado hakuna mtu kwenye kikundi hiki.</translation>
    </message>
    <message>
        <source>Your contacts list is empty.</source>
        <translation>Orodha yako ya anwani haina kitu.</translation>
    </message>
    <message>
        <source>{contacts}, newest first. Select some, or add them all.</source>
        <translation>Zinaonyeshwa {contacts}, mpya kwanza. Chagua baadhi, au waongeze wote.</translation>
    </message>
    <message>
        <source>Add {n}</source>
        <translation>Ongeza {n}</translation>
    </message>
    <message>
        <source>Add everyone in “{group}” ({n})</source>
        <translation>Ongeza kila mtu wa “{group}” ({n})</translation>
    </message>
    <message>
        <source>Add all {n}</source>
        <translation>Ongeza wote {n}</translation>
    </message>
    <message>
        <source>Add all contacts ({n})</source>
        <translation>Ongeza anwani zote ({n})</translation>
    </message>
    <message>
        <source>Collecting every matching contact…</source>
        <translation>Inakusanya kila anwani inayolingana…</translation>
    </message>
    <message>
        <source>Collecting every matching contact… {n} of {total}</source>
        <translation>Inakusanya kila anwani inayolingana… {n} kati ya {total}</translation>
    </message>
</context>
<context>
    <name>ContactsExport</name>
    <message>
        <source>Export contacts</source>
        <translation>Hamisha anwani</translation>
    </message>
    <message>
        <source>Excel workbook — phone numbers kept as text (*.xlsx)</source>
        <translation>Faili ya Excel — namba za simu zinabaki kama maandishi (*.xlsx)</translation>
    </message>
    <message>
        <source>CSV, UTF-8 — for other programs (*.csv)</source>
        <translation>CSV, UTF-8 — kwa programu nyingine (*.csv)</translation>
    </message>
    <message>
        <source>Replace the file?</source>
        <translation>Ubadilishe faili?</translation>
    </message>
    <message>
        <source>“{name}” already exists. Replace it?</source>
        <translation>“{name}” tayari ipo. Uibadilishe?</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>Badilisha</translation>
    </message>
    <message>
        <source>Keep it</source>
        <translation>Iache</translation>
    </message>
</context>
<context>
    <name>ContactsModel</name>
    <message>
        <source>Name</source>
        <extracomment>Pages kept in memory (at 100 rows a page: 1,000 contacts, well under a megabyte). Pages remembered as wanted while one is being fetched: a fast scroll leaves many behind, only the last few (the ones on screen) are worth fetching. The role that gives a row&apos;s :class:`~desktop_app.core.services.contacts.ContactRow`. The roles data() answers; the delegate also asks for alignment, decoration, check state and background, for every cell.</extracomment>
        <translation>Jina</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Simu</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>Vikundi</translation>
    </message>
    <message>
        <source>Email</source>
        <translation>Barua pepe</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Maelezo</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>Iliongezwa</translation>
    </message>
    <message>
        <source>Newest first: the order your provider keeps</source>
        <extracomment>A page arrived (its number, from 1). The number of rows (the service&apos;s total for the query) is known or changed. True while pages are being fetched, False when the fetching stopped. Fetching failed: the exception (the tab shows it, with Retry). Each cached page&apos;s rows as shown (one text a column), made when first painted. The last failure, until a retry (None when fetching works).</extracomment>
        <translation>Mpya kwanza: mpangilio wa mtoa huduma wako</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Inapakia…</translation>
    </message>
    <message>
        <source>No name</source>
        <translation>Hana jina</translation>
    </message>
    <message>
        <source>Not in your contacts any more</source>
        <translation>Haimo tena kwenye anwani zako</translation>
    </message>
    <message>
        <source>This number is in a group on this computer, but your provider no longer has it as a contact (it was deleted or changed elsewhere).</source>
        <translation>Namba hii iko kwenye kikundi kwenye kompyuta hii, lakini mtoa huduma wako hanayo tena kama anwani (ilifutwa au kubadilishwa mahali pengine).</translation>
    </message>
    <message>
        <source>Stored as {number}</source>
        <translation>Imehifadhiwa kama {number}</translation>
    </message>
    <message>
        <source>Contacts</source>
        <extracomment>The grid&apos;s look, set on the grid alone (the groups list and the page label have theirs): a style sheet on the whole tab put every widget in it through the sheet&apos;s rules, polished and painted, which made building, showing and painting the tab slower for three widgets&apos; sake. Compose&apos;s contact picker has it too.</extracomment>
        <translation>Anwani</translation>
    </message>
</context>
<context>
    <name>ContactsTab</name>
    <message>
        <source>Contacts</source>
        <extracomment>Fetching the row to edit when its page is no longer in memory (paged far away from it). Reading the account&apos;s kept contact draft (when the tab first loads for an account). How long a delete can be undone (the confirmation says so): long enough to notice a mistake, short enough that nobody undoes a delete made before a coffee break. The next delete ends it sooner. How long a notice stays (a notice over the Undo of a delete gives way back to it). The service asked the paging to slow down (429) for at most this long, once the client&apos;s own tries gave up: the tab tries once more by itself after the wait, counting it down. A longer wait keeps the Retry button only (nobody watches a grid for minutes). Typing pauses this long before the search is sent. Widths of the grid&apos;s columns at start (the notes take what is left). The columns always shown: who, their number, their groups. The other columns in the order a widening window brings them back, with the least width each is shown at: the notes first (what the shop wrote about the customer: &quot;owes 200&quot;, &quot;buys every Friday&quot;; they take what is left), then the email (rarely there, and no SMS goes to it), then the day the contact was added (the list is newest first anyway). A narrow window leaves them out rather than make the grid scroll sideways (800 px: the three kept; 1024 px: with the notes); the contact form shows every field. A long job ended (deleted, collected, exported, or failed): tests wait on it. The tab&apos;s state changed (grid, empty, no matches, legacy, loading, error).</extracomment>
        <translation>Anwani</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>T&amp;endua</translation>
    </message>
    <message>
        <source>Add the contacts just deleted back, with their details and groups (for {n} minutes after the delete, until you delete others)</source>
        <translation>Rudisha anwani zilizofutwa sasa hivi, pamoja na maelezo yake na vikundi vyake (kwa dakika {n} baada ya kufuta, hadi utakapofuta nyingine)</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Sasisha</translation>
    </message>
    <message>
        <source>Read the list again from your provider</source>
        <translation>Soma orodha tena kutoka kwa mtoa huduma wako</translation>
    </message>
    <message>
        <source>Open it</source>
        <translation>Ifungue</translation>
    </message>
    <message>
        <source>Open the form again with what you typed, to finish and save it</source>
        <translation>Fungua fomu tena pamoja na ulichoandika, ili uimalize na kuihifadhi</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Acha</translation>
    </message>
    <message>
        <source>Forget what you typed in that form</source>
        <translation>Sahau ulichoandika kwenye fomu hiyo</translation>
    </message>
    <message>
        <source>Search by name or number (0712…, 254712…)</source>
        <extracomment>The last delete, while it can be undone. The account&apos;s kept contact drafts, the latest first, on offer in the notice. The session whose kept draft was looked for (once per account opened).</extracomment>
        <translation>Tafuta kwa jina au namba (0712…, 254712…)</translation>
    </message>
    <message>
        <source>Search contacts</source>
        <translation>Tafuta anwani</translation>
    </message>
    <message>
        <source>&amp;Message</source>
        <translation>Tuma u&amp;jumbe</translation>
    </message>
    <message>
        <source>Message selected</source>
        <translation>Tuma ujumbe kwa waliochaguliwa</translation>
    </message>
    <message>
        <source>Message everyone matching</source>
        <translation>Tuma ujumbe kwa wote wanaolingana</translation>
    </message>
    <message>
        <source>Message this group</source>
        <translation>Tuma ujumbe kwa kikundi hiki</translation>
    </message>
    <message>
        <source>Add selected to the opt-out list</source>
        <translation>Ongeza waliochaguliwa kwenye orodha ya waliojiondoa</translation>
    </message>
    <message>
        <source>Opt-out list…</source>
        <translation>Orodha ya waliojiondoa…</translation>
    </message>
    <message>
        <source>&amp;Groups</source>
        <translation>&amp;Vikundi</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>Ha&amp;riri…</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>&amp;Hamisha…</translation>
    </message>
    <message>
        <source>Save the contacts shown (every page) as an Excel or CSV file</source>
        <translation>Hifadhi anwani zinazoonyeshwa (kurasa zote) kama faili ya Excel au CSV</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Jaribu tena</translation>
    </message>
    <message>
        <source>Newest first</source>
        <translation>Mpya kwanza</translation>
    </message>
    <message>
        <source>Your provider lists contacts newest first and offers no other order. Search to find someone quickly.</source>
        <translation>Mtoa huduma wako anaorodhesha anwani mpya kwanza na hana mpangilio mwingine. Tafuta ili umpate mtu haraka.</translation>
    </message>
    <message>
        <source>{n} per page</source>
        <translation>{n} kwa ukurasa</translation>
    </message>
    <message>
        <source>Contacts per page</source>
        <translation>Anwani kwa ukurasa</translation>
    </message>
    <message>
        <source>« First</source>
        <translation>« Mwanzo</translation>
    </message>
    <message>
        <source>‹ Previous</source>
        <translation>‹ Nyuma</translation>
    </message>
    <message>
        <source>Next ›</source>
        <translation>Mbele ›</translation>
    </message>
    <message>
        <source>Last »</source>
        <translation>Mwisho »</translation>
    </message>
    <message>
        <source>{text} ({keys})</source>
        <translation>{text} ({keys})</translation>
    </message>
    <message>
        <source>No account connected</source>
        <translation>Hakuna akaunti iliyounganishwa</translation>
    </message>
    <message>
        <source>Connect your account to see your customers.</source>
        <translation>Unganisha akaunti yako ili uone wateja wako.</translation>
    </message>
    <message>
        <source>The messaging service asked us to slow down. Trying again by itself in {wait}…</source>
        <translation>Huduma ya ujumbe imetuomba tupunguze kasi. Itajaribu tena yenyewe baada ya {wait}…</translation>
    </message>
    <message>
        <source>Loading your contacts…</source>
        <translation>Inapakia anwani zako…</translation>
    </message>
    <message>
        <source>Some contacts could not be loaded: the service asked us to slow down. Trying again by itself in {wait}…</source>
        <translation>Baadhi ya anwani hazikuweza kupakiwa: huduma imetuomba tupunguze kasi. Itajaribu tena yenyewe baada ya {wait}…</translation>
    </message>
    <message>
        <source>Some contacts could not be loaded. {title}: {text}</source>
        <translation>Baadhi ya anwani hazikuweza kupakiwa. {title}: {text}</translation>
    </message>
    <message>
        <source>Your secret key cannot open your contacts</source>
        <translation>Ufunguo wako wa siri hauwezi kufungua anwani zako</translation>
    </message>
    <message>
        <source>You are connected with an older kind of key: it sends SMS and reads your balance, but your provider does not let it reach your customer list. Ask your provider for a newer key (it starts with “mbs_” and includes contacts), then connect with it. Your messages and balance keep working meanwhile.</source>
        <translation>Umeunganishwa kwa ufunguo wa aina ya zamani: unatuma SMS na kusoma salio lako, lakini mtoa huduma wako haukubalii kufikia orodha ya wateja wako. Omba mtoa huduma wako ufunguo mpya (unaanza na “mbs_” na unajumuisha anwani), kisha uunganishe kwa huo. Jumbe zako na salio vinaendelea kufanya kazi kwa sasa.</translation>
    </message>
    <message>
        <source>Connect with a new key…</source>
        <translation>Unganisha kwa ufunguo mpya…</translation>
    </message>
    <message>
        <source>Nobody in “{group}” matches “{search}”.</source>
        <translation>Hakuna mtu wa “{group}” anayelingana na “{search}”.</translation>
    </message>
    <message>
        <source>No contacts match “{search}”.</source>
        <translation>Hakuna anwani inayolingana na “{search}”.</translation>
    </message>
    <message>
        <source>Check the spelling, or search by part of a name or number (for example 0712).</source>
        <translation>Kagua tahajia, au tafuta kwa sehemu ya jina au namba (kwa mfano 0712).</translation>
    </message>
    <message>
        <source>Clear the search</source>
        <translation>Futa utafutaji</translation>
    </message>
    <message>
        <source>“{group}” has nobody in it yet</source>
        <translation>Bado hakuna mtu kwenye “{group}”</translation>
    </message>
    <message>
        <source>Go to All contacts, select customers, then use Groups ▸ Add selected to “{group}”.</source>
        <translation>Nenda kwenye Anwani zote, chagua wateja, kisha tumia Vikundi ▸ Ongeza waliochaguliwa kwenye “{group}”.</translation>
    </message>
    <message>
        <source>Show all contacts</source>
        <translation>Onyesha anwani zote</translation>
    </message>
    <message>
        <source>No customers yet</source>
        <translation>Bado hakuna wateja</translation>
    </message>
    <message>
        <source>Import a spreadsheet of your customers, or add one now. Everyone you add here can get your SMS.</source>
        <translation>Ingiza faili ya Excel ya wateja wako, au ongeza mmoja sasa. Kila unayemwongeza hapa anaweza kupata SMS zako.</translation>
    </message>
    <message>
        <source>Add a customer</source>
        <translation>Ongeza mteja</translation>
    </message>
    <message>
        <source>Import a spreadsheet</source>
        <translation>Ingiza faili ya Excel</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Inatafuta…</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Inapakia…</translation>
    </message>
    <message>
        <source>{contacts} in “{group}” match “{search}”</source>
        <translation>Zinazolingana na “{search}” kwenye “{group}”: {contacts}</translation>
    </message>
    <message>
        <source>{contacts} match “{search}”</source>
        <translation>Zinazolingana na “{search}”: {contacts}</translation>
    </message>
    <message>
        <source>{contacts} in “{group}”</source>
        <translation>Kuna {contacts} kwenye “{group}”</translation>
    </message>
    <message>
        <source>{contacts} in your list</source>
        <translation>Kuna {contacts} kwenye orodha yako</translation>
    </message>
    <message>
        <source>{contacts} you were typing when Tuma closed were kept; the latest: {name}.</source>
        <translation>Zimewekwa {contacts} ulizokuwa ukiandika Tuma ilipofungwa; ya karibuni: {name}.</translation>
    </message>
    <message>
        <source>{contacts} you were typing when Tuma closed were kept.</source>
        <translation>Zimewekwa {contacts} ulizokuwa ukiandika Tuma ilipofungwa.</translation>
    </message>
    <message>
        <source>A contact you were typing when Tuma closed was kept: {name}.</source>
        <translation>Anwani uliyokuwa ukiandika Tuma ilipofungwa imewekwa: {name}.</translation>
    </message>
    <message>
        <source>A contact you were typing when Tuma closed was kept.</source>
        <translation>Anwani uliyokuwa ukiandika Tuma ilipofungwa imewekwa.</translation>
    </message>
    <message>
        <source>Discard changes?</source>
        <translation>Uache mabadiliko?</translation>
    </message>
    <message>
        <source>Forget the contact you were typing when Tuma closed?</source>
        <translation>Usahau anwani uliyokuwa ukiandika Tuma ilipofungwa?</translation>
    </message>
    <message>
        <source>What you typed will be lost.</source>
        <translation>Ulichoandika kitapotea.</translation>
    </message>
    <message>
        <source>Keep it</source>
        <translation>Ibaki</translation>
    </message>
    <message>
        <source>Discarded the contact you were typing.</source>
        <translation>Anwani uliyokuwa ukiandika imeachwa.</translation>
    </message>
    <message>
        <source>Page {page} of {pages}</source>
        <translation>Ukurasa {page}/{pages}</translation>
    </message>
    <message>
        <source>They also leave the groups on this computer. For {n} minutes afterwards (until you delete others) Undo adds them back, with their details and groups. Messages already sent to them are not affected.</source>
        <translation>Wataondolewa pia kwenye vikundi vya kompyuta hii. Kwa dakika {n} baadaye (hadi utakapofuta nyingine) Tendua inazirudisha, pamoja na maelezo yake na vikundi vyake. Jumbe ambazo tayari wametumiwa haziathiriwi.</translation>
    </message>
    <message>
        <source>{added} added to the opt-out list; {already} already on it.</source>
        <translation>Wameongezwa {added} kwenye orodha ya waliojiondoa; {already} walikuwa tayari wamo.</translation>
    </message>
    <message>
        <source>Add c&amp;ontact</source>
        <translation>&amp;Ongeza anwani</translation>
    </message>
    <message>
        <source>Dele&amp;te…</source>
        <translation>Fu&amp;ta…</translation>
    </message>
    <message>
        <source>Dele&amp;te {n}…</source>
        <translation>Fu&amp;ta {n}…</translation>
    </message>
    <message>
        <source>Message selected ({n})</source>
        <translation>Tuma ujumbe kwa waliochaguliwa ({n})</translation>
    </message>
    <message>
        <source>Message everyone matching ({n})</source>
        <translation>Tuma ujumbe kwa wote wanaolingana ({n})</translation>
    </message>
    <message>
        <source>Message everyone in “{group}”</source>
        <translation>Tuma ujumbe kwa kila mtu wa “{group}”</translation>
    </message>
    <message>
        <source>Message this group (choose a group first)</source>
        <translation>Tuma ujumbe kwa kikundi hiki (chagua kikundi kwanza)</translation>
    </message>
    <message>
        <source>Add selected to</source>
        <translation>Ongeza waliochaguliwa kwenye</translation>
    </message>
    <message>
        <source>Add selected to (select first)</source>
        <translation>Ongeza waliochaguliwa kwenye (chagua kwanza)</translation>
    </message>
    <message>
        <source>New group…</source>
        <translation>Kikundi kipya…</translation>
    </message>
    <message>
        <source>Remove selected from “{group}”</source>
        <translation>Ondoa waliochaguliwa kwenye “{group}”</translation>
    </message>
    <message>
        <source>{number} is in a group here but no longer in your provider&apos;s contacts: add it again to edit it.</source>
        <translation>{number} iko kwenye kikundi hapa lakini haimo tena kwenye anwani za mtoa huduma wako: iongeze tena ili uihariri.</translation>
    </message>
    <message>
        <source>Added {name}.</source>
        <translation>{name} ameongezwa.</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} amehifadhiwa.</translation>
    </message>
    <message>
        <source>Delete contacts?</source>
        <translation>Ufute anwani?</translation>
    </message>
    <message>
        <source>Delete {contacts} from your provider&apos;s contact list?</source>
        <translation>Ufute {contacts} kwenye orodha ya anwani ya mtoa huduma wako?</translation>
    </message>
    <message>
        <source>Delete {contacts}</source>
        <translation>Futa {contacts}</translation>
    </message>
    <message>
        <source>Keep them</source>
        <translation>Wabaki</translation>
    </message>
    <message>
        <source>Deleting {contacts}…</source>
        <translation>Inafuta {contacts}…</translation>
    </message>
    <message>
        <source>Deleted {deleted}; {failed} could not be deleted. {why}</source>
        <translation>Zimefutwa {deleted}; {failed} hazikuweza kufutwa. {why}</translation>
    </message>
    <message>
        <source>{failed} could not be deleted. {why}</source>
        <translation>Hazikuweza kufutwa: {failed}. {why}</translation>
    </message>
    <message>
        <source>Stopped: {contacts} were deleted before you cancelled.</source>
        <translation>Imesimamishwa: {contacts} zilifutwa kabla hujaghairi.</translation>
    </message>
    <message>
        <source>Deleted {contacts}.</source>
        <translation>Zimefutwa {contacts}.</translation>
    </message>
    <message>
        <source>Took {numbers} out of the groups on this computer (no longer in your provider&apos;s contacts).</source>
        <translation>Zimeondolewa {numbers} kwenye vikundi vya kompyuta hii (hazimo tena kwenye anwani za mtoa huduma wako).</translation>
    </message>
    <message>
        <source>Adding back {contacts}…</source>
        <translation>Inarudisha {contacts}…</translation>
    </message>
    <message>
        <source>Putting {numbers} back in the groups…</source>
        <translation>Inarudisha {numbers} kwenye vikundi…</translation>
    </message>
    <message>
        <source>Added back {contacts}.</source>
        <translation>Zimerudishwa {contacts}.</translation>
    </message>
    <message>
        <source>Not added twice, as their number is in your contacts again (added meanwhile): {names}.</source>
        <translation>Hazikuongezwa mara mbili, kwa sababu namba zao ziko tena kwenye anwani zako (ziliongezwa katikati): {names}.</translation>
    </message>
    <message>
        <source>Not added twice, as their number is in your contacts again (added meanwhile): {contacts}.</source>
        <translation>Hazikuongezwa mara mbili, kwa sababu namba zao ziko tena kwenye anwani zako (ziliongezwa katikati): {contacts}.</translation>
    </message>
    <message>
        <source>{contacts} not added back yet. {why} Undo stays here for them.</source>
        <translation>Bado hazijarudishwa {contacts}. {why} Tendua inabaki hapa kwa ajili yake.</translation>
    </message>
    <message>
        <source>Stopped: {contacts} not added back yet (Undo adds them).</source>
        <translation>Imesimamishwa: bado hazijarudishwa {contacts} (Tendua inazirudisha).</translation>
    </message>
    <message>
        <source>Put {numbers} back in the groups on this computer.</source>
        <translation>Zimerudishwa {numbers} kwenye vikundi vya kompyuta hii.</translation>
    </message>
    <message>
        <source>Not put back in any group: those groups were deleted meanwhile.</source>
        <translation>Hazikurudishwa kwenye kikundi chochote: vikundi hivyo vilifutwa wakati huo.</translation>
    </message>
    <message>
        <source>Stopped: added {contacts} to “{group}”; the others were not.</source>
        <translation>Imesimamishwa: zimeongezwa {contacts} kwenye “{group}”; nyingine hazikuongezwa.</translation>
    </message>
    <message>
        <source>Added {contacts} to “{group}”.</source>
        <translation>Zimeongezwa {contacts} kwenye “{group}”.</translation>
    </message>
    <message>
        <source>They were all in “{group}” already.</source>
        <translation>Wote walikuwa tayari kwenye “{group}”.</translation>
    </message>
    <message>
        <source>Adding to “{group}”…</source>
        <translation>Inaongeza kwenye “{group}”…</translation>
    </message>
    <message>
        <source>Took {contacts} out of “{group}” (they stay in your contacts).</source>
        <translation>Zimeondolewa {contacts} kwenye “{group}” (zinabaki kwenye anwani zako).</translation>
    </message>
    <message>
        <source>Updating “{group}”…</source>
        <translation>Inasasisha “{group}”…</translation>
    </message>
    <message>
        <source>Select at most {n} people, or use Message everyone matching.</source>
        <translation>Chagua watu {n} au wachache, au tumia Tuma ujumbe kwa wote wanaolingana.</translation>
    </message>
    <message>
        <source>Getting the selected contacts…</source>
        <translation>Inachukua anwani zilizochaguliwa…</translation>
    </message>
    <message>
        <source>{added} added to the opt-out list: they get no more promotions (service messages still reach them).</source>
        <translation>Wameongezwa {added} kwenye orodha ya waliojiondoa: hawatapata matangazo tena (jumbe za huduma bado zitawafikia).</translation>
    </message>
    <message>
        <source>Nobody was added to the opt-out list: they were on it already.</source>
        <translation>Hakuna aliyeongezwa kwenye orodha ya waliojiondoa: walikuwa tayari wamo.</translation>
    </message>
    <message>
        <source>Adding to the opt-out list…</source>
        <translation>Inaongeza kwenye orodha ya waliojiondoa…</translation>
    </message>
    <message>
        <source>Collecting everyone matching…</source>
        <translation>Inakusanya wote wanaolingana…</translation>
    </message>
    <message>
        <source>Collecting everyone in “{group}”…</source>
        <translation>Inakusanya kila mtu wa “{group}”…</translation>
    </message>
    <message>
        <source>Nobody matches, so nobody was added to a message.</source>
        <translation>Hakuna anayelingana, kwa hiyo hakuna aliyeongezwa kwenye ujumbe.</translation>
    </message>
    <message>
        <source>Only the first {n} were added</source>
        <translation>Ni {n} wa kwanza pekee walioongezwa</translation>
    </message>
    <message>
        <source>{total} match, more than one message can go to from here. To reach everyone, narrow the search or send in several goes.</source>
        <translation>Wanaolingana ni {total}, zaidi ya idadi ambayo ujumbe mmoja unaweza kufikia kutoka hapa. Ili kumfikia kila mtu, punguza utafutaji au tuma kwa mara kadhaa.</translation>
    </message>
    <message>
        <source>Exported {contacts} to {file}.</source>
        <translation>Zimehamishwa {contacts} kwenda {file}.</translation>
    </message>
    <message>
        <source>Exporting {contacts}…</source>
        <translation>Inahamisha {contacts}…</translation>
    </message>
    <message>
        <source>Exporting contacts…</source>
        <translation>Inahamisha anwani…</translation>
    </message>
    <message>
        <source>Not started: “{job}” is still running. Try again when it has finished, or press Cancel beside it.</source>
        <translation>Haijaanzishwa: “{job}” bado inaendelea. Jaribu tena itakapomaliza, au bonyeza Ghairi kando yake.</translation>
    </message>
    <message>
        <source>The list changed meanwhile (a search, Refresh or an import), so nothing was done. Select the contacts again.</source>
        <translation>Orodha ilibadilika wakati huo (utafutaji, Sasisha au uingizaji), kwa hiyo hakuna kilichofanywa. Chagua anwani tena.</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Inasimamisha…</translation>
    </message>
    <message>
        <source>Cancelled: nothing was changed.</source>
        <translation>Imeghairiwa: hakuna kilichobadilishwa.</translation>
    </message>
</context>
<context>
    <name>CounterBar</name>
    <message>
        <source>as typed: names change the count, see Preview</source>
        <translation>kama ilivyoandikwa: majina yanabadilisha hesabu, tazama Hakikisho</translation>
    </message>
    <message>
        <source>Messages can be at most {limit} characters long.</source>
        <translation>Ujumbe unaweza kuwa na herufi {limit} zaidi.</translation>
    </message>
    <message>
        <source>A long message goes out as several SMS “parts” (up to 160 characters each, 70 with special characters); the phone joins them again. Each part costs one credit per person.</source>
        <translation>Ujumbe mrefu unatumwa kama “sehemu” kadhaa za SMS (hadi herufi 160 kila moja, 70 zikiwa na herufi maalum); simu inaziunganisha tena. Kila sehemu inagharimu krediti moja kwa kila mtu.</translation>
    </message>
    <message>
        <source>Special characters {chars}: costs more</source>
        <translation>Herufi maalum {chars}: inagharimu zaidi</translation>
    </message>
    <message>
        <source>Special characters {chars}</source>
        <translation>Herufi maalum {chars}</translation>
    </message>
    <message>
        <source>Standard characters</source>
        <translation>Herufi za kawaida</translation>
    </message>
    <message>
        <source>The highlighted characters are special: the whole message then holds only 70 characters per part instead of 160. (Technically: UCS-2 instead of GSM-7.)</source>
        <translation>Herufi zilizoangaziwa ni maalum: ujumbe wote basi unabeba herufi 70 tu kwa kila sehemu badala ya 160. (Kitaalamu: UCS-2 badala ya GSM-7.)</translation>
    </message>
    <message>
        <source>Only standard SMS characters: up to 160 per part. (Technically: GSM-7.)</source>
        <translation>Herufi za kawaida za SMS pekee: hadi 160 kwa kila sehemu. (Kitaalamu: GSM-7.)</translation>
    </message>
    <message>
        <source>{left} left in this part</source>
        <translation>Zimebaki {left} katika sehemu hii</translation>
    </message>
</context>
<context>
    <name>DeliveryChart</name>
    <message>
        <source>Nothing sent here yet.</source>
        <translation>Bado hakuna kilichotumwa hapa.</translation>
    </message>
</context>
<context>
    <name>DeliveryModel</name>
    <message>
        <source>Sent</source>
        <extracomment>The role that gives a row&apos;s dataclass (BroadcastRow / RecipientRow). The role that gives the Delivery column&apos;s tally (the delegate paints it). An overdue scheduled send waiting for the user&apos;s decision (as Compose&apos;s list says it). A page arrived (how many rows are loaded now). Reading failed (the exception; the presenter has shown it).</extracomment>
        <translation>Ilitumwa</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Njia</translation>
    </message>
    <message>
        <source>Sender ID</source>
        <translation>Mtumaji</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Ujumbe</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Kwa</translation>
    </message>
    <message>
        <source>Parts</source>
        <translation>Sehemu</translation>
    </message>
    <message>
        <source>Credits</source>
        <translation>Krediti</translation>
    </message>
    <message>
        <source>Delivery</source>
        <translation>Ufikishaji</translation>
    </message>
    <message>
        <source>WhatsApp</source>
        <translation>WhatsApp</translation>
    </message>
    <message>
        <source>Survey</source>
        <translation>Utafiti</translation>
    </message>
    <message>
        <source>SMS</source>
        <translation>SMS</translation>
    </message>
    <message>
        <source>Outcome unknown</source>
        <translation>Matokeo hayajulikani</translation>
    </message>
    <message>
        <source>In doubt: review</source>
        <translation>Haijulikani: kagua</translation>
    </message>
    <message>
        <source>Unfinished: review</source>
        <translation>Haijakamilika: kagua</translation>
    </message>
    <message>
        <source>Cancelled: nothing sent</source>
        <translation>Imeghairiwa: hakuna kilichotumwa</translation>
    </message>
    <message>
        <source>Nothing sent</source>
        <translation>Hakuna kilichotumwa</translation>
    </message>
    <message>
        <source>Overdue: waiting for you</source>
        <translation>Umepitwa na muda: unakusubiri</translation>
    </message>
    <message>
        <source>Scheduled: {when}</source>
        <translation>Umepangwa: {when}</translation>
    </message>
    <message>
        <source>Overdue: waiting for you (was due {when})</source>
        <translation>Umepitwa na muda: unakusubiri (ulipaswa kutumwa {when})</translation>
    </message>
    <message>
        <source>Scheduled: it goes out {when}</source>
        <translation>Umepangwa: utatumwa {when}</translation>
    </message>
    <message>
        <source>Not sent yet</source>
        <translation>Bado haujatumwa</translation>
    </message>
    <message>
        <source>Phone</source>
        <extracomment>The number of sends matching the filter is known (it comes with the first page). The account&apos;s sends waiting for their time (id: when due), and those of them whose time passed that wait for the user&apos;s decision (Compose&apos;s to know): the tab reads them for its line about them (``set_scheduled``).</extracomment>
        <translation>Simu</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Hali</translation>
    </message>
    <message>
        <source>What it means</source>
        <translation>Maana yake</translation>
    </message>
    <message>
        <source>Last news</source>
        <translation>Habari</translation>
    </message>
    <message>
        <source>Message ID</source>
        <translation>Namba</translation>
    </message>
    <message>
        <source>As reported by the network: {raw}</source>
        <extracomment>the send shown is a WhatsApp template or a survey (nothing of it to review) The send shown waits for its time: (when due, waiting for the user&apos;s decision). The send shown is being sent right now: its recipients still to go are not said to be left over from a send that did not finish. The send and the filter of the rows shown (what a reload reads again). The page on its way reads the rows shown again: merged in, not a reset.</extracomment>
        <translation>Kama ilivyoripotiwa na mtandao: {raw}</translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation>Umepangwa</translation>
    </message>
</context>
<context>
    <name>DeliveryTab</name>
    <message>
        <source>Delivery</source>
        <extracomment>Waits for the sends going out to stop, then reads their rows again (``_watch_sends``). The selected send&apos;s failures, and who of them is not on the opt-out list yet. The tab&apos;s reads that only refresh what it shows: dropped when it stops. What an account&apos;s work asks of the service or prepares for it: dropped when another account is opened (a look-up of the old one failed on the new one&apos;s screen, &quot;Something went wrong … restart Tuma&quot;, its client closed under it). The first look-ups wait this long after an account connects: the window&apos;s first reads (this history, the balance, Compose&apos;s draft) go first. Below this width the period&apos;s chart is not shown (the selected send&apos;s still is); below what the history&apos;s columns need beside it, neither (see ``DeliveryTab._wide_width``). The least of the message the history shows beside the period&apos;s chart. The period&apos;s chart card&apos;s width on a wide window. Below this height (the tab&apos;s) the selected send&apos;s chart steps aside and the margins tighten, so the sends list keeps its rows above the recipients without the page scrolling (1024×600 and 800×560 give the tab about 500 and 460 px). The sends the list shows, room allowing, until its splitter&apos;s handle is moved by hand. The recipients the list of the selected send shows at least. Qt is placing the panes (inside ``resizeEvent``): a pane&apos;s own resize meanwhile (the send&apos;s actions wrapping) waits for ``resized``. Shared out from inside, the new sizes were overwritten half-way by the placing under way: the handle was left across the sends and the recipients ran on under the status bar (1280×800 to 800×560 at once). What is around a number copied from a message, a cell or a sentence (&quot;0712345678&quot;, “0712 345 678”, 0712345678.): brackets stay, &quot;(0712) 345 678&quot; is a number. A label pasted with the number: &quot;Tel: 0712…&quot;, &quot;Simu: 0712…&quot;, &quot;tel:+254…&quot;. A date (&quot;2024-11-24&quot;, &quot;24.11.2024&quot;, &quot;24/11/24&quot;): some read as a Nairobi landline. The history shown was read (tests wait on it). The selected send&apos;s recipients were read. A look-up, export or resend ended (done, failed or cancelled). A refresh pass of the follower was shown. the message bar said the reports cannot be saved (said once, until they can) Work that waits for the history&apos;s rows to be painted, by name (see _after_rows). Open while the beginning of an id typed matches several messages. Recipients of the selected send who blocked promotions or opted out (for the opt-out list). The splitter&apos;s handle was moved by hand: its place is kept (Qt&apos;s own way).</extracomment>
        <translation>Ufikishaji</translation>
    </message>
    <message>
        <source>Paste a message ID to look it up</source>
        <translation>Bandika namba ya ujumbe ili uitafute</translation>
    </message>
    <message>
        <source>Message ID to look up</source>
        <translation>Namba ya ujumbe ya kutafuta</translation>
    </message>
    <message>
        <source>Search the messages, or a phone number</source>
        <translation>Tafuta jumbe, au namba ya simu</translation>
    </message>
    <message>
        <source>Search sent messages</source>
        <translation>Tafuta jumbe zilizotumwa</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>Kipindi</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Siku 7 zilizopita</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Siku 30 zilizopita</translation>
    </message>
    <message>
        <source>Last 90 days</source>
        <translation>Siku 90 zilizopita</translation>
    </message>
    <message>
        <source>All time</source>
        <translation>Muda wote</translation>
    </message>
    <message>
        <source>Between dates…</source>
        <translation>Kati ya tarehe…</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Kutoka</translation>
    </message>
    <message>
        <source>To (included)</source>
        <translation>Hadi (ikiwemo)</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Njia</translation>
    </message>
    <message>
        <source>All channels</source>
        <translation>Njia zote</translation>
    </message>
    <message>
        <source>SMS</source>
        <translation>SMS</translation>
    </message>
    <message>
        <source>WhatsApp</source>
        <translation>WhatsApp</translation>
    </message>
    <message>
        <source>Survey</source>
        <translation>Utafiti</translation>
    </message>
    <message>
        <source>Delivery status</source>
        <translation>Hali ya ufikishaji</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Hali yoyote</translation>
    </message>
    <message>
        <source>Waiting for reports</source>
        <translation>Zinasubiri ripoti</translation>
    </message>
    <message>
        <source>Some failed</source>
        <translation>Baadhi zimeshindwa</translation>
    </message>
    <message>
        <source>All delivered</source>
        <translation>Zote zimefika</translation>
    </message>
    <message>
        <source>Unfinished or in doubt</source>
        <translation>Haijakamilika au haijulikani</translation>
    </message>
    <message>
        <source>Save the sends listed (every page) as an Excel or CSV file</source>
        <translation>Hifadhi utumaji ulioorodheshwa (kurasa zote) kama faili ya Excel au CSV</translation>
    </message>
    <message>
        <source>This period</source>
        <translation>Kipindi hiki</translation>
    </message>
    <message>
        <source>Choose a send above to see each customer&apos;s status.</source>
        <translation>Chagua utumaji hapo juu ili uone hali ya kila mteja.</translation>
    </message>
    <message>
        <source>Recipients to show</source>
        <translation>Wapokeaji wa kuonyesha</translation>
    </message>
    <message>
        <source>Everyone</source>
        <translation>Wote</translation>
    </message>
    <message>
        <source>Failed only</source>
        <translation>Imeshindwa pekee</translation>
    </message>
    <message>
        <source>Waiting only</source>
        <translation>Inasubiri pekee</translation>
    </message>
    <message>
        <source>Delivered only</source>
        <translation>Imefika pekee</translation>
    </message>
    <message>
        <source>&amp;Review…</source>
        <translation>&amp;Kagua…</translation>
    </message>
    <message>
        <source>Send the rest, or settle the batches whose outcome is unknown</source>
        <translation>Tuma zilizobaki, au amua kuhusu awamu ambazo matokeo yake hayajulikani</translation>
    </message>
    <message>
        <source>Look &amp;up</source>
        <translation>&amp;Tafuta</translation>
    </message>
    <message>
        <source>Export hi&amp;story…</source>
        <translation>Hamisha &amp;historia…</translation>
    </message>
    <message>
        <source>Messages sent</source>
        <translation>Jumbe zilizotumwa</translation>
    </message>
    <message>
        <source>&amp;View scheduled…</source>
        <translation>&amp;Jumbe zilizopangwa…</translation>
    </message>
    <message>
        <source>R&amp;esend to failed…</source>
        <translation>Tuma tena &amp;zilizoshindwa…</translation>
    </message>
    <message>
        <source>E&amp;xport report…</source>
        <translation>Hamisha &amp;ripoti…</translation>
    </message>
    <message>
        <source>Save every customer&apos;s status for this send as an Excel or CSV file</source>
        <translation>Hifadhi hali ya kila mteja kwa utumaji huu kama faili ya Excel au CSV</translation>
    </message>
    <message>
        <source>Stop promotions to them</source>
        <translation>Acha kuwatumia matangazo</translation>
    </message>
    <message>
        <source>Customers of the chosen send</source>
        <translation>Wateja wa utumaji uliochaguliwa</translation>
    </message>
    <message>
        <source>This send</source>
        <translation>Utumaji huu</translation>
    </message>
    <message>
        <source>{start} to {end}</source>
        <translation>{start} hadi {end}</translation>
    </message>
    <message>
        <source>Connect an account to see what was sent.</source>
        <translation>Unganisha akaunti ili uone kilichotumwa.</translation>
    </message>
    <message>
        <source>Nothing sent in this period. Messages you send from Compose appear here, with each customer&apos;s delivery status.</source>
        <translation>Hakuna kilichotumwa katika kipindi hiki. Jumbe unazotuma kutoka Andika zinaonekana hapa, pamoja na hali ya ufikishaji ya kila mteja.</translation>
    </message>
    <message>
        <source>No sends match these filters. Clear the search or pick All time.</source>
        <translation>Hakuna utumaji unaolingana na vichujio hivi. Futa utafutaji au chagua Muda wote.</translation>
    </message>
    <message>
        <source>No account connected</source>
        <translation>Hakuna akaunti iliyounganishwa</translation>
    </message>
    <message>
        <source>Statuses cannot be saved just now: see the message above</source>
        <translation>Hali za ujumbe haziwezi kuhifadhiwa kwa sasa: tazama ujumbe ulio juu</translation>
    </message>
    <message>
        <source>Secure connection failed: reports are checked again once it works</source>
        <translation>Muunganisho salama umeshindikana: ripoti zitaangaliwa tena utakapofanya kazi</translation>
    </message>
    <message>
        <source>Offline: reports are checked again when the connection is back</source>
        <translation>Hakuna intaneti: ripoti zitaangaliwa tena muunganisho ukirudi</translation>
    </message>
    <message>
        <source>Statuses refresh by themselves</source>
        <translation>Hali zinasasishwa zenyewe</translation>
    </message>
    <message numerus="yes">
        <source>%Ln send(s)</source>
        <translation>
            <numerusform>utumaji %Ln</numerusform>
            <numerusform>utumaji %Ln</numerusform>
        </translation>
    </message>
    <message>
        <source>Not sent yet</source>
        <translation>Bado haujatumwa</translation>
    </message>
    <message>
        <source>“{text}” to {recipients}</source>
        <translation>“{text}” kwa {recipients}</translation>
    </message>
    <message>
        <source>{people} blocked promotional messages (for example with *456*9*5#) or opted out. Put them on your opt-out list so promotions skip them.</source>
        <translation>Kuna {people} waliozuia jumbe za matangazo (kwa mfano kwa *456*9*5#) au waliojiondoa. Waweke kwenye orodha ya waliojiondoa ili matangazo yawaruke.</translation>
    </message>
    <message>
        <source>{people} added to the opt-out list: promotions skip them from now on.</source>
        <translation>Wameongezwa {people} kwenye orodha ya waliojiondoa: matangazo yatawaruka kuanzia sasa.</translation>
    </message>
    <message>
        <source>They are on the opt-out list already.</source>
        <translation>Tayari wako kwenye orodha ya waliojiondoa.</translation>
    </message>
    <message>
        <source>Open the scheduled list: Send now or Cancel send</source>
        <translation>Fungua orodha ya jumbe zilizopangwa: Tuma sasa au Ghairi kutuma</translation>
    </message>
    <message>
        <source>Open the scheduled list: send it now, change its time or cancel it</source>
        <translation>Fungua orodha ya jumbe zilizopangwa: uutume sasa, ubadilishe saa yake au uughairi</translation>
    </message>
    <message>
        <source>Write a new send to {people} whose message failed. Left out: {who}.</source>
        <translation>Andika utumaji mpya kwa {people} ambao ujumbe wao umeshindwa. Hawajajumuishwa: {who}.</translation>
    </message>
    <message>
        <source>Write a new send to the {people} whose message failed</source>
        <translation>Andika utumaji mpya kwa {people} ambao ujumbe wao umeshindwa</translation>
    </message>
    <message>
        <source>Write a new send to the customers whose message failed and may get it now</source>
        <translation>Andika utumaji mpya kwa wateja ambao ujumbe wao umeshindwa na huenda wakaupata sasa</translation>
    </message>
    <message>
        <source>Only numbers that are not valid failed in this send: check them with the customers before sending to them again</source>
        <translation>Ni namba zisizo sahihi pekee zilizoshindwa katika utumaji huu: hakikisha namba hizo na wateja kabla ya kuwatumia tena</translation>
    </message>
    <message>
        <source>Nobody&apos;s message failed in this send</source>
        <translation>Hakuna ujumbe ulioshindwa katika utumaji huu</translation>
    </message>
    <message numerus="yes">
        <source>%Ln customer(s) blocked promotions or opted out</source>
        <translation>
            <numerusform>mteja %Ln amezuia matangazo au amejiondoa</numerusform>
            <numerusform>wateja %Ln wamezuia matangazo au wamejiondoa</numerusform>
        </translation>
    </message>
    <message>
        <source>{blocked} and {invalid}</source>
        <translation>{blocked} na {invalid}</translation>
    </message>
    <message>
        <source>“{button}” puts those customers on your opt-out list.</source>
        <translation>“{button}” huwaweka wateja hao kwenye orodha ya waliojiondoa.</translation>
    </message>
    <message>
        <source>On the Delivery tab, “{button}” puts those customers on your opt-out list.</source>
        <translation>Kwenye kichupo cha Ufikishaji, “{button}” huwaweka wateja hao kwenye orodha ya waliojiondoa.</translation>
    </message>
    <message>
        <source>Check the numbers with the customers before sending to them again.</source>
        <translation>Hakikisha namba hizo na wateja kabla ya kuwatumia tena.</translation>
    </message>
    <message>
        <source>Nobody to send again: {who}.</source>
        <translation>Hakuna wa kumtumia tena: {who}.</translation>
    </message>
    <message>
        <source>Nobody&apos;s message failed in this send.</source>
        <translation>Hakuna ujumbe ulioshindwa katika utumaji huu.</translation>
    </message>
    <message>
        <source>Left out: {who}.</source>
        <translation>Hawajajumuishwa: {who}.</translation>
    </message>
    <message>
        <source>Connect an account to look up a message.</source>
        <translation>Unganisha akaunti ili kutafuta ujumbe.</translation>
    </message>
    <message>
        <source>Paste a message ID first (from a report or a receipt).</source>
        <translation>Bandika namba ya ujumbe kwanza (kutoka kwenye ripoti au risiti).</translation>
    </message>
    <message>
        <source>No message with the ID {id} on this account. Check that it was copied whole.</source>
        <translation>Hakuna ujumbe wenye namba {id} kwenye akaunti hii. Hakikisha imenakiliwa yote.</translation>
    </message>
    <message>
        <source>The message was not looked up. Connect your account again, then press Look up: the ID stays in the box.</source>
        <translation>Ujumbe haukutafutwa. Unganisha akaunti yako tena, kisha bonyeza Tafuta: namba ya ujumbe inabaki kwenye kisanduku.</translation>
    </message>
    <message>
        <source>The message was not looked up: your secret key does not have the permission (see the message above). The ID stays in the box.</source>
        <translation>Ujumbe haukutafutwa: ufunguo wako wa siri hauna ruhusa hiyo (tazama ujumbe ulio juu). Namba ya ujumbe inabaki kwenye kisanduku.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln messages have an ID that starts with {id}: choose one, or type more of the ID.</source>
        <translation>
            <numerusform>Ujumbe %Ln una kitambulisho kinachoanza na {id}: uchague, au andika zaidi ya kitambulisho.</numerusform>
            <numerusform>Jumbe %Ln zina kitambulisho kinachoanza na {id}: chagua mmoja, au andika zaidi ya kitambulisho.</numerusform>
        </translation>
    </message>
    <message>
        <source>{id} is too short to find a message: type at least the first {n} characters of the ID.</source>
        <translation>{id} ni fupi mno kupata ujumbe: andika angalau herufi {n} za kwanza za kitambulisho.</translation>
    </message>
    <message>
        <source>No message sent from this computer has an ID that starts with {id}. Paste the whole ID to look it up with the service.</source>
        <translation>Hakuna ujumbe uliotumwa kutoka kompyuta hii wenye kitambulisho kinachoanza na {id}. Bandika kitambulisho kizima ili kukitafuta kwa huduma.</translation>
    </message>
    <message>
        <source>“{id}” is not a message ID. A message ID looks like 4f1c2a9b-1e2f-4a6b-9c3d-5e7f8a9b0c1d.</source>
        <translation>“{id}” si kitambulisho cha ujumbe. Kitambulisho cha ujumbe kinaonekana hivi: 4f1c2a9b-1e2f-4a6b-9c3d-5e7f8a9b0c1d.</translation>
    </message>
    <message>
        <source>{phone} is a phone number: the sends to it are listed below.</source>
        <translation>{phone} ni namba ya simu: utumaji kwake umeorodheshwa hapa chini.</translation>
    </message>
    <message>
        <source>Statuses stopped refreshing: connect your account again</source>
        <translation>Hali zimeacha kusasishwa: unganisha akaunti yako tena</translation>
    </message>
    <message>
        <source>Statuses stopped refreshing: your key lacks a permission</source>
        <translation>Hali zimeacha kusasishwa: ufunguo wako unakosa ruhusa</translation>
    </message>
    <message>
        <source>Export delivery report</source>
        <translation>Hamisha ripoti ya ufikishaji</translation>
    </message>
    <message>
        <source>Export sent history</source>
        <translation>Hamisha historia ya utumaji</translation>
    </message>
    <message>
        <source>Exporting the report for {recipients}…</source>
        <translation>Inahamisha ripoti ya {recipients}…</translation>
    </message>
    <message numerus="yes">
        <source>Exporting %Ln send(s)…</source>
        <translation>
            <numerusform>Inahamisha utumaji %Ln…</numerusform>
            <numerusform>Inahamisha utumaji %Ln…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %Ln row(s) to {file}.</source>
        <translation>
            <numerusform>Mstari %Ln umehifadhiwa kwenye {file}.</numerusform>
            <numerusform>Mistari %Ln imehifadhiwa kwenye {file}.</numerusform>
        </translation>
    </message>
    <message>
        <source>Export cancelled: no file was written.</source>
        <translation>Uhamishaji umeghairiwa: hakuna faili iliyoandikwa.</translation>
    </message>
</context>
<context>
    <name>DeliveryWords</name>
    <message>
        <source>Delivered</source>
        <extracomment>The order outcomes are listed and charted in.</extracomment>
        <translation>Imefika</translation>
    </message>
    <message>
        <source>On its way</source>
        <translation>Njiani</translation>
    </message>
    <message>
        <source>Waiting for report</source>
        <translation>Inasubiri ripoti</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Imeshindwa</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Imekataliwa</translation>
    </message>
    <message>
        <source>No report</source>
        <translation>Hakuna ripoti</translation>
    </message>
    <message>
        <source>Not sent</source>
        <translation>Haijatumwa</translation>
    </message>
    <message>
        <source>Sent</source>
        <translation>Imetumwa</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Inasubiri</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Haijulikani</translation>
    </message>
    <message>
        <source>Being sent</source>
        <translation>Inatumwa</translation>
    </message>
    <message numerus="yes">
        <source>%Ln delivered</source>
        <translation>
            <numerusform>%Ln umefika</numerusform>
            <numerusform>%Ln zimefika</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln failed</source>
        <translation>
            <numerusform>%Ln umeshindwa</numerusform>
            <numerusform>%Ln zimeshindwa</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln waiting</source>
        <translation>
            <numerusform>%Ln unasubiri</numerusform>
            <numerusform>%Ln zinasubiri</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln no report</source>
        <translation>
            <numerusform>%Ln hauna ripoti</numerusform>
            <numerusform>%Ln hazina ripoti</numerusform>
        </translation>
    </message>
    <message>
        <source>Not sent yet: this send is still going out.</source>
        <translation>Bado haijatumwa: utumaji huu bado unaendelea.</translation>
    </message>
    <message>
        <source>Unknown whether it went out: the connection was lost. Sending it again asks you first.</source>
        <translation>Haijulikani kama ilitoka: muunganisho ulikatika. Ukiutuma tena, Tuma itakuuliza kwanza.</translation>
    </message>
    <message>
        <source>Not sent yet: the broadcast did not finish.</source>
        <translation>Bado haijatumwa: utumaji haukukamilika.</translation>
    </message>
    <message>
        <source>Being sent right now.</source>
        <translation>Inatumwa sasa hivi.</translation>
    </message>
    <message>
        <source>Unknown whether it went out: open Review in this send&apos;s row to settle it.</source>
        <translation>Haijulikani kama ilitoka: fungua Kagua kwenye mstari wa utumaji huu ili uamue.</translation>
    </message>
    <message>
        <source>The service refused this batch: it was not sent.</source>
        <translation>Huduma ilikataa awamu hii: haikutumwa.</translation>
    </message>
    <message>
        <source>Not sent: you chose not to send the rest.</source>
        <translation>Haikutumwa: ulichagua kutotuma zilizobaki.</translation>
    </message>
    <message>
        <source>It reached the customer&apos;s phone.</source>
        <translation>Imefika kwenye simu ya mteja.</translation>
    </message>
    <message>
        <source>Handed to the mobile network; the phone has not confirmed yet.</source>
        <translation>Imekabidhiwa kwa mtandao wa simu; simu bado haijathibitisha.</translation>
    </message>
    <message>
        <source>No report yet. Tuma checks again by itself.</source>
        <translation>Bado hakuna ripoti. Tuma itaangalia tena yenyewe.</translation>
    </message>
    <message>
        <source>The network sent no report within 24 hours. It may still have arrived; ask the customer if it matters.</source>
        <translation>Mtandao haukutuma ripoti ndani ya saa 24. Huenda ilifika hata hivyo; muulize mteja kama ni muhimu.</translation>
    </message>
    <message>
        <source>The phone was off or out of coverage. It may arrive later when the phone is back on; if not, resend to this customer.</source>
        <translation>Simu ilikuwa imezimwa au nje ya mtandao. Huenda ikafika baadaye simu ikiwashwa; isipofika, mtumie mteja huyu tena.</translation>
    </message>
    <message>
        <source>The customer blocked promotional messages (for example with *456*9*5#). Do not resend: ask them to unblock if they want your messages.</source>
        <translation>Mteja amezuia jumbe za matangazo (kwa mfano kwa *456*9*5#). Usitume tena: muombe aondoe kizuizi kama anataka jumbe zako.</translation>
    </message>
    <message>
        <source>The customer opted out of your messages. Do not resend.</source>
        <translation>Mteja amejiondoa kwenye jumbe zako. Usitume tena.</translation>
    </message>
    <message>
        <source>The number cannot receive SMS (wrong or no longer in use). Check the number with the customer.</source>
        <translation>Namba hii haiwezi kupokea SMS (si sahihi au haitumiki tena). Hakikisha namba na mteja.</translation>
    </message>
    <message>
        <source>The network gave up after trying for a long time (phone off for days). Resend when the customer is reachable.</source>
        <translation>Mtandao uliacha baada ya kujaribu kwa muda mrefu (simu imezimwa kwa siku kadhaa). Tuma tena mteja akipatikana.</translation>
    </message>
    <message>
        <source>The network deleted the message before it arrived. Resend it.</source>
        <translation>Mtandao ulifuta ujumbe kabla haujafika. Utume tena.</translation>
    </message>
    <message>
        <source>The network refused the message. Check the number and the text, then resend.</source>
        <translation>Mtandao ulikataa ujumbe. Kagua namba na maandishi, kisha utume tena.</translation>
    </message>
    <message>
        <source>It did not reach the phone. You can resend to this customer.</source>
        <translation>Haikufika kwenye simu. Unaweza kumtumia mteja huyu tena.</translation>
    </message>
</context>
<context>
    <name>DonePage</name>
    <message>
        <source>Done</source>
        <translation>Imekamilika</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>zimeingizwa</translation>
    </message>
    <message>
        <source>refused by the service</source>
        <translation>zimekataliwa na mtoa huduma</translation>
    </message>
    <message>
        <source>problem rows, not uploaded</source>
        <translation>safu zenye tatizo, hazikupakiwa</translation>
    </message>
    <message>
        <source>Add these contacts to a group:</source>
        <translation>Weka anwani hizi kwenye kikundi:</translation>
    </message>
    <message>
        <source>a group, or a new name</source>
        <translation>kikundi, au jina jipya</translation>
    </message>
    <message>
        <source>Add to group</source>
        <translation>Weka kwenye kikundi</translation>
    </message>
    <message>
        <source>Back to imports</source>
        <translation>Rudi kwa uingizaji</translation>
    </message>
    <message>
        <source>Open the contacts</source>
        <translation>Fungua anwani</translation>
    </message>
</context>
<context>
    <name>DropArea</name>
    <message>
        <source>Drop an Excel or CSV file here</source>
        <extracomment>The least height, whatever its words need (a target easy to drop on).</extracomment>
        <translation>Dondosha faili ya Excel au CSV hapa</translation>
    </message>
    <message>
        <source>Excel (.xlsx) or CSV, any size. Numbers Excel damaged are repaired, and nothing is uploaded before you have checked it.</source>
        <translation>Excel (.xlsx) au CSV, ukubwa wowote. Namba zilizoharibiwa na Excel hurekebishwa, na hakuna kinachopakiwa kabla hujakagua.</translation>
    </message>
    <message>
        <source>Choose a file…</source>
        <translation>Chagua faili…</translation>
    </message>
</context>
<context>
    <name>FilePage</name>
    <message>
        <source>The file</source>
        <translation>Faili</translation>
    </message>
    <message>
        <source>Check that this is the right file and sheet. Nothing is uploaded yet.</source>
        <translation>Hakikisha hii ndiyo faili na karatasi sahihi. Bado hakuna kilichopakiwa.</translation>
    </message>
    <message>
        <source>Sheet</source>
        <translation>Karatasi</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Faili</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Aina</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>Imepatikana</translation>
    </message>
    <message>
        <source>A big file can take a few seconds. Cancel stops reading it.</source>
        <translation>Faili kubwa inaweza kuchukua sekunde chache. Ghairi inaacha kuisoma.</translation>
    </message>
    <message>
        <source>The first rows, as read</source>
        <translation>Safu za kwanza, kama zilivyosomwa</translation>
    </message>
    <message>
        <source>Next: columns</source>
        <translation>Endelea: safu wima</translation>
    </message>
</context>
<context>
    <name>GroupsPanel</name>
    <message>
        <source>Groups</source>
        <extracomment>Reading the groups (a quit drops it: it only refreshes the panel). Longest group name accepted in the name box (the store keeps at most this many). The list&apos;s look (set on the list alone, not on the panel or the tab around it). The chosen group changed: a Group, or None for all contacts. The list of groups was read again (tests and menus follow it): list[Group].</extracomment>
        <translation>Vikundi</translation>
    </message>
    <message>
        <source>Kept on this computer only</source>
        <translation>Vinawekwa kwenye kompyuta hii pekee</translation>
    </message>
    <message>
        <source>Your provider has no groups, so Tuma keeps them on this computer, for this account. Another computer will not see them; the contacts in them are your provider&apos;s.</source>
        <translation>Mtoa huduma wako hana vikundi, kwa hiyo Tuma inaviweka kwenye kompyuta hii, kwa akaunti hii. Kompyuta nyingine haitaviona; anwani zilizomo ni za mtoa huduma wako.</translation>
    </message>
    <message>
        <source>Ne&amp;w group…</source>
        <translation>Kikundi &amp;kipya…</translation>
    </message>
    <message>
        <source>Make a new group</source>
        <translation>Unda kikundi kipya</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Badilisha</translation>
    </message>
    <message>
        <source>Rename or delete the chosen group</source>
        <translation>Badilisha jina au futa kikundi kilichochaguliwa</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Badilisha jina…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Futa…</translation>
    </message>
    <message>
        <source>Delete the group (its contacts stay in your contacts list)</source>
        <translation>Futa kikundi (anwani zake zinabaki kwenye orodha yako ya anwani)</translation>
    </message>
    <message>
        <source>All contacts</source>
        <translation>Anwani zote</translation>
    </message>
    <message>
        <source>{name}: {contacts}</source>
        <translation>{name}: {contacts}</translation>
    </message>
    <message>
        <source>Rename “{name}”…</source>
        <translation>Badilisha jina la “{name}”…</translation>
    </message>
    <message>
        <source>Delete “{name}”…</source>
        <translation>Futa “{name}”…</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Hifadhi</translation>
    </message>
    <message>
        <source>New group</source>
        <translation>Kikundi kipya</translation>
    </message>
    <message>
        <source>Name of the group (for example “Wholesale” or “Staff”):</source>
        <translation>Jina la kikundi (kwa mfano “Jumla” au “Wafanyakazi”):</translation>
    </message>
    <message>
        <source>Choose another name</source>
        <translation>Chagua jina jingine</translation>
    </message>
    <message>
        <source>Rename group</source>
        <translation>Badilisha jina la kikundi</translation>
    </message>
    <message>
        <source>New name for “{name}”:</source>
        <translation>Jina jipya la “{name}”:</translation>
    </message>
    <message>
        <source>Delete group?</source>
        <translation>Ufute kikundi?</translation>
    </message>
    <message>
        <source>Delete the group “{name}”?</source>
        <translation>Ufute kikundi “{name}”?</translation>
    </message>
    <message>
        <source>The {contacts} in it stay in your contacts list; only the group goes.</source>
        <translation>Kikundi pekee ndicho kinaondoka: {contacts} zilizomo zinabaki kwenye orodha yako ya anwani.</translation>
    </message>
    <message>
        <source>Delete group</source>
        <translation>Futa kikundi</translation>
    </message>
    <message>
        <source>Keep it</source>
        <translation>Kibaki</translation>
    </message>
</context>
<context>
    <name>ImportTab</name>
    <message>
        <source>An import is under way</source>
        <translation>Uingizaji unaendelea</translation>
    </message>
    <message>
        <source>“{name}” was not opened: finish or cancel the import in progress first.</source>
        <translation>“{name}” haikufunguliwa: maliza au ghairi uingizaji unaoendelea kwanza.</translation>
    </message>
    <message>
        <source>One file at a time</source>
        <translation>Faili moja kwa wakati</translation>
    </message>
    <message>
        <source>“{name}” is opened first; import the others after it.</source>
        <translation>“{name}” inafunguliwa kwanza; ingiza nyingine baadaye.</translation>
    </message>
    <message>
        <source>(uploaded from elsewhere)</source>
        <translation>(ilipakiwa kwingine)</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>Imekamilika</translation>
    </message>
    <message>
        <source>Failed at the service</source>
        <translation>Imeshindwa kwa mtoa huduma</translation>
    </message>
    <message>
        <source>Still being imported</source>
        <translation>Bado inaingizwa</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Imeghairiwa</translation>
    </message>
    <message>
        <source>Completed, {problems}</source>
        <translation>Imekamilika, {problems}</translation>
    </message>
    <message>
        <source>an upload made elsewhere</source>
        <translation>upakiaji uliofanywa kwingine</translation>
    </message>
    <message>
        <source>Choose a spreadsheet to import</source>
        <translation>Chagua faili ya Excel ya kuingiza</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Faili zote (*)</translation>
    </message>
    <message>
        <source>That file cannot be imported</source>
        <translation>Faili hiyo haiwezi kuingizwa</translation>
    </message>
    <message>
        <source>“{name}” is not a spreadsheet Tuma can import. Choose an Excel (.xlsx) or CSV file (in Excel: File → Save As).</source>
        <translation>“{name}” si faili ambayo Tuma inaweza kuingiza. Chagua faili ya Excel (.xlsx) au CSV (katika Excel: File → Save As).</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Inasoma…</translation>
    </message>
    <message>
        <source>That sheet is empty</source>
        <translation>Karatasi hiyo haina kitu</translation>
    </message>
    <message>
        <source>Don&apos;t open it</source>
        <translation>Usiifungue</translation>
    </message>
    <message>
        <source>Stop reading this file (the import in progress is kept)</source>
        <translation>Acha kusoma faili hii (uingizaji unaoendelea unabaki)</translation>
    </message>
    <message>
        <source>Reading “{name}”… It takes the place of “{current}” once read.</source>
        <translation>Inasoma “{name}”… Itachukua nafasi ya “{current}” ikishasomwa.</translation>
    </message>
    <message>
        <source>Spreadsheets (*.xlsx *.xlsm *.csv *.txt *.tsv)</source>
        <translation>Faili za Excel (*.xlsx *.xlsm *.csv *.txt *.tsv)</translation>
    </message>
    <message>
        <source>“{name}” is a folder. Open it and drop the spreadsheet itself (an Excel .xlsx or CSV file).</source>
        <translation>“{name}” ni folda. Ifungue na uweke faili yenyewe hapa (faili ya Excel .xlsx au CSV).</translation>
    </message>
    <message>
        <source>“{name}” is a LibreOffice or OpenOffice spreadsheet. There, choose File → Save As → Excel 2007-365 (.xlsx), then import that file.</source>
        <translation>“{name}” ni faili ya LibreOffice au OpenOffice. Humo, chagua File → Save As → Excel 2007-365 (.xlsx), kisha uingize faili hiyo.</translation>
    </message>
    <message>
        <source>“{name}” is an Apple Numbers spreadsheet. In Numbers, choose File → Export To → Excel, then import that file.</source>
        <translation>“{name}” ni faili ya Apple Numbers. Katika Numbers, chagua File → Export To → Excel, kisha uingize faili hiyo.</translation>
    </message>
    <message>
        <source>Reading “{name}”…</source>
        <translation>Inasoma “{name}”…</translation>
    </message>
    <message>
        <source>Reading the sheet “{sheet}” of “{name}”…</source>
        <translation>Inasoma karatasi “{sheet}” ya “{name}”…</translation>
    </message>
    <message>
        <source>The sheet “{sheet}” in “{name}” has no rows. Choose another sheet.</source>
        <translation>Karatasi “{sheet}” katika “{name}” haina safu. Chagua karatasi nyingine.</translation>
    </message>
    <message>
        <source>Excel workbook</source>
        <translation>Kitabu cha Excel</translation>
    </message>
    <message>
        <source>commas</source>
        <translation>koma</translation>
    </message>
    <message>
        <source>semicolons</source>
        <translation>nukta-mkato</translation>
    </message>
    <message>
        <source>tabs</source>
        <translation>vichupo</translation>
    </message>
    <message>
        <source>CSV text ({encoding}), separated by {separator}</source>
        <translation>Maandishi ya CSV ({encoding}), yametenganishwa kwa {separator}</translation>
    </message>
    <message>
        <source>{columns} columns, no heading row</source>
        <translation>Safu wima {columns}, hakuna safu ya vichwa</translation>
    </message>
    <message>
        <source>{columns} columns, headings on row {row}</source>
        <translation>Safu wima {columns}, vichwa kwenye safu ya {row}</translation>
    </message>
    <message>
        <source>The sheet “{sheet}” of “{name}” has column headings but no customers under them. Choose the sheet your customers are on, or check that this is the right file.</source>
        <translation>Karatasi “{sheet}” ya “{name}” ina vichwa vya safu wima lakini hakuna wateja chini yake. Chagua karatasi yenye wateja wako, au hakikisha hii ndiyo faili sahihi.</translation>
    </message>
    <message>
        <source>“{name}” has column headings but no customers under them. Check that this is the right file, and that the customers were saved in it.</source>
        <translation>“{name}” ina vichwa vya safu wima lakini hakuna wateja chini yake. Hakikisha hii ndiyo faili sahihi, na kwamba wateja walihifadhiwa ndani yake.</translation>
    </message>
    <message>
        <source>{letter}: {heading}</source>
        <translation>{letter}: {heading}</translation>
    </message>
    <message>
        <source>Column {letter}</source>
        <translation>Safu wima {letter}</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(hakuna)</translation>
    </message>
    <message>
        <source>  (repaired)</source>
        <translation>  (imerekebishwa)</translation>
    </message>
    <message>
        <source>✗ {text}</source>
        <translation>✗ {text}</translation>
    </message>
    <message>
        <source>✗ no number</source>
        <translation>✗ hakuna namba</translation>
    </message>
    <message>
        <source>Choose the column that holds the phone numbers.</source>
        <translation>Chagua safu wima yenye namba za simu.</translation>
    </message>
    <message>
        <source>“{name}”: every row is read and checked. Nothing is uploaded yet.</source>
        <translation>“{name}”: kila safu inasomwa na kukaguliwa. Bado hakuna kilichopakiwa.</translation>
    </message>
    <message>
        <source>Row {done} of about {total}</source>
        <translation>Safu {done} kati ya takriban {total}</translation>
    </message>
    <message>
        <source>“{name}”: {rows} read. Nothing has been uploaded yet.</source>
        <translation>“{name}”: zimesomwa {rows}. Bado hakuna kilichopakiwa.</translation>
    </message>
    <message>
        <source>“{name}”: {rows} read, and none of them can be imported: see why below. Correct them in Excel (Export problem rows… lists them), then import the file again.</source>
        <translation>“{name}”: {rows} zimesomwa, na hakuna hata moja inayoweza kuingizwa: ona sababu hapa chini. Zirekebishe katika Excel (Hamisha safu zenye tatizo… inaziorodhesha), kisha uingize faili tena.</translation>
    </message>
    <message numerus="yes">
        <source>Upload %Ln contact(s)</source>
        <translation>
            <numerusform>Pakia anwani %Ln</numerusform>
            <numerusform>Pakia anwani %Ln</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to upload</source>
        <translation>Hakuna cha kupakia</translation>
    </message>
    <message numerus="yes">
        <source>%Ln of these numbers are on your opt-out list: they are imported, but promotions skip them.</source>
        <translation>
            <numerusform>Namba %Ln kati ya hizi iko kwenye orodha ya waliojiondoa: itaingizwa, lakini matangazo yatairuka.</numerusform>
            <numerusform>Namba %Ln kati ya hizi ziko kwenye orodha ya waliojiondoa: zitaingizwa, lakini matangazo yataziruka.</numerusform>
        </translation>
    </message>
    <message>
        <source>Rows that will not be imported: {count}</source>
        <translation>Safu ambazo hazitaingizwa: {count}</translation>
    </message>
    <message>
        <source>Rows that will not be imported</source>
        <translation>Safu ambazo hazitaingizwa</translation>
    </message>
    <message>
        <source>No account connected</source>
        <translation>Hakuna akaunti iliyounganishwa</translation>
    </message>
    <message>
        <source>Connect an account (Account menu) to upload these contacts.</source>
        <translation>Unganisha akaunti (menyu ya Akaunti) ili kupakia anwani hizi.</translation>
    </message>
    <message>
        <source>{contacts} from “{name}”.</source>
        <translation>Kutoka “{name}”: {contacts}.</translation>
    </message>
    <message>
        <source>Waiting for the file to arrive…</source>
        <translation>Inasubiri faili ifike…</translation>
    </message>
    <message>
        <source>{sent} of {total} KB</source>
        <translation>KB {sent} kati ya {total}</translation>
    </message>
    <message>
        <source>{sent} · part {part} of {parts}</source>
        <translation>{sent} · sehemu {part} kati ya {parts}</translation>
    </message>
    <message>
        <source>{done} of {total} contacts added by the service</source>
        <translation>Anwani {done} kati ya {total} zimeongezwa na mtoa huduma</translation>
    </message>
    <message>
        <source>The connection was lost just after the file was sent. Tuma is asking the service whether it received it (and keeps asking until the connection is back)…</source>
        <translation>Muunganisho ulikatika mara tu baada ya faili kutumwa. Tuma inauliza huduma kama iliipokea (na inaendelea kuuliza hadi muunganisho urudi)…</translation>
    </message>
    <message>
        <source>The connection to the service was lost. It already has the file: Tuma keeps checking until the connection is back…</source>
        <translation>Muunganisho na huduma umekatika. Huduma tayari ina faili: Tuma inaendelea kuangalia hadi muunganisho urudi…</translation>
    </message>
    <message>
        <source>The connection was lost while part {part} of {parts} of “{name}” was being sent, and the service did not receive that part. The parts it received before are still added; the report is kept under Past imports. To add the rest, upload the file again: contacts already added are updated, not added twice.</source>
        <translation>Muunganisho ulikatika wakati sehemu ya {part} kati ya {parts} ya “{name}” ilipokuwa ikitumwa, na huduma haikupokea sehemu hiyo. Sehemu ilizopokea kabla bado zinaongezwa; ripoti imehifadhiwa chini ya Uingizaji uliopita. Ili kuongeza zilizobaki, pakia faili tena: anwani zilizokwisha ongezwa zinasasishwa, haziongezwi mara mbili.</translation>
    </message>
    <message>
        <source>Tuma stopped uploading “{name}” after part {taken} of {parts}. The contacts in the parts the service received may still be added; the report is kept under Past imports. To add the rest, connect your account again, then import the file again: contacts already added are updated, not added twice.</source>
        <translation>Tuma imeacha kupakia “{name}” baada ya sehemu {taken} kati ya {parts}. Anwani zilizo katika sehemu ambazo mtoa huduma alipokea bado zinaweza kuongezwa; ripoti imehifadhiwa chini ya Uingizaji uliopita. Ili kuongeza zilizobaki, unganisha akaunti yako tena, kisha uingize faili tena: anwani zilizokwisha ongezwa zinasasishwa, haziongezwi mara mbili.</translation>
    </message>
    <message>
        <source>Nothing from “{name}” was uploaded. The checked rows are kept: once your account is connected again, press Upload.</source>
        <translation>Hakuna kilichopakiwa kutoka “{name}”. Safu zilizokaguliwa zimehifadhiwa: akaunti yako ikishaunganishwa tena, bonyeza Pakia.</translation>
    </message>
    <message>
        <source>Nothing was imported</source>
        <translation>Hakuna kilichoingizwa</translation>
    </message>
    <message>
        <source>The connection was lost while “{name}” was being sent, and the service did not receive it. Press Upload to send it again.</source>
        <translation>Muunganisho ulikatika wakati “{name}” ilipokuwa ikitumwa, na huduma haikuipokea. Bonyeza Pakia ili kuituma tena.</translation>
    </message>
    <message>
        <source>The service could not finish this import</source>
        <translation>Mtoa huduma hakuweza kumaliza uingizaji huu</translation>
    </message>
    <message>
        <source>The messaging service accepted “{name}” but stopped importing it. The report below is kept; try the import again later.</source>
        <translation>Mtoa huduma alipokea “{name}” lakini akaacha kuiingiza. Ripoti iliyo hapa chini imehifadhiwa; jaribu kuingiza tena baadaye.</translation>
    </message>
    <message>
        <source>Import cancelled</source>
        <translation>Uingizaji umeghairiwa</translation>
    </message>
    <message>
        <source>“{name}” was not fully uploaded.</source>
        <translation>“{name}” haikupakiwa yote.</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Imekamilika</translation>
    </message>
    <message>
        <source>“{name}”: {contacts} now in your list.</source>
        <translation>“{name}”: sasa ziko kwenye orodha yako {contacts}.</translation>
    </message>
    <message>
        <source>Rows not imported: {count}</source>
        <translation>Safu ambazo hazikuingizwa: {count}</translation>
    </message>
    <message>
        <source>Rows not imported</source>
        <translation>Safu ambazo hazikuingizwa</translation>
    </message>
    <message>
        <source>Every row was imported.</source>
        <translation>Kila safu imeingizwa.</translation>
    </message>
    <message>
        <source>Tuma stopped uploading “{name}”, but the service had already received contacts from it and is still adding them: {contacts} so far.</source>
        <translation>Tuma iliacha kupakia “{name}”, lakini huduma ilikuwa tayari imepokea anwani kutoka kwake na bado inaziongeza: {contacts} hadi sasa.</translation>
    </message>
    <message>
        <source>Tuma stopped uploading “{name}” after part of it had reached the service: it added {contacts}. To add the rest, import the file again: contacts already added are updated, not added twice.</source>
        <translation>Tuma iliacha kupakia “{name}” baada ya sehemu yake kufika kwenye huduma: imeongeza {contacts}. Ili kuongeza zilizobaki, ingiza faili tena: anwani zilizokwisha ongezwa husasishwa, haziongezwi mara mbili.</translation>
    </message>
    <message>
        <source>Tuma stopped uploading “{name}”, but the service had already received it: it added {contacts}.</source>
        <translation>Tuma iliacha kupakia “{name}”, lakini huduma ilikuwa tayari imeipokea: imeongeza {contacts}.</translation>
    </message>
    <message>
        <source>Adding to “{group}”: {done} of {contacts}…</source>
        <translation>Inaweka kwenye “{group}”: {done} kati ya {contacts}…</translation>
    </message>
    <message>
        <source>Type or choose a group first.</source>
        <translation>Andika au chagua kikundi kwanza.</translation>
    </message>
    <message>
        <source>{contacts} added to “{group}”.</source>
        <translation>Zimewekwa kwenye “{group}” {contacts}.</translation>
    </message>
    <message>
        <source>Cancelled: no contact was added to “{group}”.</source>
        <translation>Imeghairiwa: hakuna anwani iliyowekwa kwenye “{group}”.</translation>
    </message>
    <message>
        <source>Stopped: {added} of {contacts} added to “{group}” before you cancelled.</source>
        <translation>Imesimamishwa: {added} kati ya {contacts} ziliwekwa kwenye “{group}” kabla hujaghairi.</translation>
    </message>
    <message>
        <source>Adding the imported contacts to the group…</source>
        <translation>Inaweka anwani zilizoingizwa kwenye kikundi…</translation>
    </message>
    <message>
        <source>Save the problem rows</source>
        <translation>Hifadhi safu zenye tatizo</translation>
    </message>
    <message>
        <source>Saving: {done} of {rows} written…</source>
        <translation>Inahifadhi: {done} kati ya {rows} zimeandikwa…</translation>
    </message>
    <message>
        <source>Problem rows saved</source>
        <translation>Safu zenye tatizo zimehifadhiwa</translation>
    </message>
    <message>
        <source>{rows} saved to “{name}”. Fix them in Excel, then import that file.</source>
        <translation>Zimehifadhiwa {rows} kwenye “{name}”. Zirekebishe katika Excel, kisha uingize faili hiyo.</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>Safu</translation>
    </message>
    <message>
        <source>Stop</source>
        <extracomment>The wizard shows another step (its ``Step`` value, or &quot;start&quot;): tests wait on it. The list of past imports was (re)loaded. An export of problem rows or an &quot;add to group&quot; finished.</extracomment>
        <translation>Simamisha</translation>
    </message>
    <message>
        <source>Stop saving or adding to the group (the import itself is kept)</source>
        <translation>Simamisha kuhifadhi au kuongeza kwenye kikundi (uingizaji wenyewe unabaki)</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Tatizo</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Maelezo</translation>
    </message>
    <message>
        <source>Saving {rows}…</source>
        <translation>Inahifadhi {rows}…</translation>
    </message>
    <message>
        <source>Export cancelled: no file was written.</source>
        <translation>Uhamishaji umeghairiwa: hakuna faili iliyoandikwa.</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Inasimamisha…</translation>
    </message>
    <message>
        <source>Upload stopped</source>
        <translation>Upakiaji umesimamishwa</translation>
    </message>
    <message>
        <source>Tuma stopped uploading “{name}”. Contacts the service had already received may still be added; the report is kept under Past imports.</source>
        <translation>Tuma imeacha kupakia “{name}”. Anwani ambazo mtoa huduma alikuwa amepokea bado zinaweza kuongezwa; ripoti imehifadhiwa kwenye Uingizaji uliopita.</translation>
    </message>
</context>
<context>
    <name>ImportWords</name>
    <message numerus="yes">
        <source>%Ln row(s)</source>
        <translation>
            <numerusform>safu %Ln</numerusform>
            <numerusform>safu %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln contact(s)</source>
        <translation>
            <numerusform>anwani %Ln</numerusform>
            <numerusform>anwani %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln problem row(s)</source>
        <translation>
            <numerusform>safu %Ln yenye tatizo</numerusform>
            <numerusform>safu %Ln zenye tatizo</numerusform>
        </translation>
    </message>
    <message>
        <source>Phone number</source>
        <translation>Namba ya simu</translation>
    </message>
    <message>
        <source>First name</source>
        <translation>Jina la kwanza</translation>
    </message>
    <message>
        <source>Last name</source>
        <translation>Jina la mwisho</translation>
    </message>
    <message>
        <source>Email</source>
        <translation>Barua pepe</translation>
    </message>
    <message>
        <source>Full name (split)</source>
        <translation>Jina kamili (litagawanywa)</translation>
    </message>
    <message>
        <source>No phone number in this row</source>
        <translation>Hakuna namba ya simu kwenye safu hii</translation>
    </message>
    <message>
        <source>“{value}” is not a phone number</source>
        <translation>“{value}” si namba ya simu</translation>
    </message>
    <message>
        <source>Excel shortened this number to “{value}”: its last digits are lost. Format the column as Text in Excel and type the number again</source>
        <translation>Excel ilifupisha namba hii kuwa “{value}”: tarakimu zake za mwisho zimepotea. Weka safu wima kuwa Text katika Excel na uandike namba tena</translation>
    </message>
    <message>
        <source>More than one number in one cell: “{value}”</source>
        <translation>Namba zaidi ya moja kwenye kisanduku kimoja: “{value}”</translation>
    </message>
    <message>
        <source>“{value}” is not an email address</source>
        <translation>“{value}” si anwani ya barua pepe</translation>
    </message>
    <message>
        <source>Same number as row {row} (that row is imported)</source>
        <translation>Namba sawa na ya safu {row} (safu hiyo ndiyo inaingizwa)</translation>
    </message>
    <message>
        <source>Refused by the messaging service: “{words}”</source>
        <translation>Imekataliwa na mtoa huduma: “{words}”</translation>
    </message>
    <message>
        <source>Not imported ({code})</source>
        <translation>Haikuingizwa ({code})</translation>
    </message>
    <message>
        <source>“{name}” is no longer there: it may have been moved or deleted. Choose it again.</source>
        <translation>“{name}” haipo tena: huenda imehamishwa au kufutwa. Ichague tena.</translation>
    </message>
    <message>
        <source>Tuma may not read “{name}”. If it is open in Excel, close it there and try again.</source>
        <translation>Tuma hairuhusiwi kusoma “{name}”. Kama imefunguliwa katika Excel, ifunge huko na ujaribu tena.</translation>
    </message>
    <message>
        <source>“{name}” is not a spreadsheet Tuma can import. Save it as Excel (.xlsx) or CSV.</source>
        <translation>“{name}” si faili ambayo Tuma inaweza kuingiza. Ihifadhi kama Excel (.xlsx) au CSV.</translation>
    </message>
    <message>
        <source>“{name}” is not a spreadsheet, whatever its name says. Open it in Excel and save it as .xlsx or CSV.</source>
        <translation>“{name}” si faili ya Excel wala CSV, hata kama jina lake linasema hivyo. Ifungue katika Excel na uihifadhi kama .xlsx au CSV.</translation>
    </message>
    <message>
        <source>“{name}” is a different kind of spreadsheet than its name says. Open it in Excel and save it again as .xlsx or CSV.</source>
        <translation>“{name}” ni aina tofauti ya faili na jina lake linavyosema. Ifungue katika Excel na uihifadhi tena kama .xlsx au CSV.</translation>
    </message>
    <message>
        <source>“{name}” is an old Excel 97-2003 workbook. In Excel, choose File → Save As → Excel Workbook (.xlsx), then import that file.</source>
        <translation>“{name}” ni kitabu cha zamani cha Excel 97-2003. Katika Excel, chagua File → Save As → Excel Workbook (.xlsx), kisha uingize faili hiyo.</translation>
    </message>
    <message>
        <source>“{name}” is protected by a password. Remove the password in Excel, save it, and import it again.</source>
        <translation>“{name}” imelindwa kwa nenosiri. Ondoa nenosiri katika Excel, uihifadhi, na uiingize tena.</translation>
    </message>
    <message>
        <source>“{name}” is damaged and cannot be read. If Excel can still open it, save it again under a new name and import that.</source>
        <translation>“{name}” imeharibika na haiwezi kusomwa. Kama Excel bado inaweza kuifungua, ihifadhi tena kwa jina jipya na uingize hiyo.</translation>
    </message>
    <message>
        <source>“{name}” is too big to import ({size} MB; at most {limit} MB). Split it into smaller files.</source>
        <translation>“{name}” ni kubwa mno kuingizwa (MB {size}; kikomo ni MB {limit}). Igawanye kuwa faili ndogo zaidi.</translation>
    </message>
    <message>
        <source>“{name}” would unpack to far more data than a contact list can hold, so it was not opened. Save it again in Excel, or export it as CSV.</source>
        <translation>“{name}” ingefunguka kuwa data nyingi mno kuliko orodha ya anwani inavyoweza kuwa nayo, kwa hiyo haikufunguliwa. Ihifadhi tena katika Excel, au uihamishe kama CSV.</translation>
    </message>
    <message>
        <source>“{name}” has more than {limit} rows. Split it into smaller files.</source>
        <translation>“{name}” ina safu zaidi ya {limit}. Igawanye kuwa faili ndogo zaidi.</translation>
    </message>
    <message>
        <source>The sheet in “{name}” is too big to read. Delete the unused columns and rows in Excel, or save just the contacts as CSV.</source>
        <translation>Karatasi iliyo katika “{name}” ni kubwa mno kusomwa. Futa safu na safu wima zisizotumika katika Excel, au uhifadhi anwani pekee kama CSV.</translation>
    </message>
    <message>
        <source>A cell in “{name}” is far longer than any contact detail (often a quote mark that is never closed). Check the file in Excel and save it again.</source>
        <translation>Kisanduku kimoja katika “{name}” ni kirefu mno kuliko taarifa yoyote ya anwani (mara nyingi ni alama ya nukuu isiyofungwa). Kagua faili katika Excel na uihifadhi tena.</translation>
    </message>
    <message>
        <source>The text of “{name}” is in an encoding Tuma cannot read. In Excel, save it as “CSV UTF-8” and import that.</source>
        <translation>Maandishi ya “{name}” yako katika usimbaji ambao Tuma haiwezi kusoma. Katika Excel, ihifadhi kama “CSV UTF-8” na uingize hiyo.</translation>
    </message>
    <message>
        <source>The sheet “{sheet}” is no longer in “{name}”. Choose another sheet.</source>
        <translation>Karatasi “{sheet}” haipo tena katika “{name}”. Chagua karatasi nyingine.</translation>
    </message>
    <message>
        <source>“{name}” has no rows at all.</source>
        <translation>“{name}” haina safu hata moja.</translation>
    </message>
    <message>
        <source>No column of “{name}” holds phone numbers. Choose the phone column.</source>
        <translation>Hakuna safu wima ya “{name}” yenye namba za simu. Chagua safu wima ya namba ya simu.</translation>
    </message>
</context>
<context>
    <name>LicencesDialog</name>
    <message>
        <source>Open-source licences</source>
        <translation>Leseni za programu huria</translation>
    </message>
    <message>
        <source>Tuma is built with the open-source software listed below. Each part keeps its own licence: here are their licence texts and copyright notices.</source>
        <translation>Tuma imejengwa kwa programu huria zilizoorodheshwa hapa chini. Kila moja ina leseni yake: hapa kuna maandishi ya leseni zao na taarifa za hakimiliki.</translation>
    </message>
    <message>
        <source>The notices are not in this copy of Tuma. They come with the program, in the file {file}.</source>
        <extracomment>the notices as shown (None: not found in this copy of Tuma)</extracomment>
        <translation>Taarifa hizi hazipo katika nakala hii ya Tuma. Huja pamoja na programu, katika faili {file}.</translation>
    </message>
    <message>
        <source>Also in the file {path}</source>
        <translation>Pia zimo katika faili {path}</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Funga</translation>
    </message>
</context>
<context>
    <name>LookupDialog</name>
    <message>
        <source>Delivery report</source>
        <translation>Ripoti ya ufikishaji</translation>
    </message>
    <message>
        <source>Message ID {id}: {recipients}</source>
        <translation>Namba ya ujumbe {id}: {recipients}</translation>
    </message>
    <message>
        <source>Not sent from Tuma on this computer; the statuses are kept with your history and checked again by themselves.</source>
        <translation>Haukutumwa kutoka Tuma kwenye kompyuta hii; hali zake zinahifadhiwa pamoja na historia yako na kuangaliwa tena zenyewe.</translation>
    </message>
    <message>
        <source>Status of each recipient</source>
        <translation>Hali ya kila mpokeaji</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Simu</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Hali</translation>
    </message>
    <message>
        <source>What it means</source>
        <translation>Maana yake</translation>
    </message>
    <message>
        <source>Last news</source>
        <translation>Taarifa ya mwisho</translation>
    </message>
    <message>
        <source>As reported by the network: {raw}</source>
        <translation>Kama ilivyoripotiwa na mtandao: {raw}</translation>
    </message>
    <message>
        <source>Show this send</source>
        <translation>Onyesha utumaji huu</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>{language} from the next start</source>
        <extracomment>What choosing another language says, in that language (translated with it, not the app&apos;s).</extracomment>
        <translation>{language} kuanzia utakapofungua tena</translation>
    </message>
    <message>
        <source>Close Tuma and open it again to see it in {language}. The message you are writing is kept.</source>
        <translation>Funga Tuma kisha uifungue tena ili uione kwa {language}. Ujumbe unaoandika umehifadhiwa.</translation>
    </message>
    <message>
        <source>Working…</source>
        <extracomment>The user closed the window (the app then shuts down cleanly and exits). The account dialog opened by itself for a refused key in this session.</extracomment>
        <translation>Inafanya kazi…</translation>
    </message>
    <message>
        <source>Open the Balance tab (Ctrl+5)</source>
        <translation>Fungua kichupo cha Salio (Ctrl+5)</translation>
    </message>
    <message>
        <source>⚠ Offline: cannot reach the service</source>
        <translation>⚠ Nje ya mtandao: huduma haifikiki</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>Haijaunganishwa</translation>
    </message>
    <message>
        <source>Practice account</source>
        <extracomment>the Language menu&apos;s entries, by language code</extracomment>
        <translation>Akaunti ya mazoezi</translation>
    </message>
    <message>
        <source>Connected: {name}</source>
        <translation>Imeunganishwa: {name}</translation>
    </message>
    <message>
        <source>Account: {name}</source>
        <translation>Akaunti: {name}</translation>
    </message>
    <message>
        <source>Balance: not known while offline</source>
        <translation>Salio: halijulikani ukiwa nje ya mtandao</translation>
    </message>
    <message>
        <source>Balance: not known</source>
        <translation>Salio: halijulikani</translation>
    </message>
    <message>
        <source>Balance: checking…</source>
        <translation>Salio: inaangalia…</translation>
    </message>
    <message>
        <source>⚠ Low balance: {text}</source>
        <translation>⚠ Salio liko chini: {text}</translation>
    </message>
    <message>
        <source>Below your warning level of {threshold} credits. Top up soon.</source>
        <translation>Chini ya kiwango chako cha onyo cha krediti {threshold}. Ongeza salio mapema.</translation>
    </message>
    <message>
        <source>Offline: Tuma cannot reach the practice service on this computer. Nothing is lost, and Tuma carries on when it is back.</source>
        <translation>Nje ya mtandao: Tuma haiwezi kufikia huduma ya mazoezi kwenye kompyuta hii. Hakuna kilichopotea, na Tuma itaendelea huduma ikirudi.</translation>
    </message>
    <message>
        <source>Offline: Tuma cannot reach the messaging service. Check the internet connection; nothing is lost, and Tuma carries on when it is back.</source>
        <translation>Nje ya mtandao: Tuma haiwezi kufikia huduma ya ujumbe. Kagua intaneti yako; hakuna kilichopotea, na Tuma itaendelea muunganisho ukirudi.</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Faili</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <extracomment>the File-menu entries the tabs declare, by tab key</extracomment>
        <translation>&amp;Ondoka</translation>
    </message>
    <message>
        <source>&amp;Account</source>
        <translation>&amp;Akaunti</translation>
    </message>
    <message>
        <source>&amp;Connect an account…</source>
        <translation>&amp;Unganisha akaunti…</translation>
    </message>
    <message>
        <source>&amp;Switch account</source>
        <translation>&amp;Badilisha akaunti</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Sasisha</translation>
    </message>
    <message>
        <source>Read the balance and this tab again</source>
        <translation>Soma salio na kichupo hiki tena</translation>
    </message>
    <message>
        <source>&amp;Opt-out list…</source>
        <translation>Orodha ya &amp;waliojiondoa…</translation>
    </message>
    <message>
        <source>Numbers that never get promotions, and the line that tells customers how</source>
        <translation>Namba ambazo hazipati matangazo kamwe, na mstari unaowaambia wateja jinsi ya kujiondoa</translation>
    </message>
    <message>
        <source>Sign &amp;out</source>
        <translation>&amp;Toka</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Lugha</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Msaada</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Njia za mkato za kibodi</translation>
    </message>
    <message>
        <source>&amp;About Tuma</source>
        <translation>&amp;Kuhusu Tuma</translation>
    </message>
    <message>
        <source>A send is in progress</source>
        <translation>Utumaji unaendelea</translation>
    </message>
    <message>
        <source>Wait until it has finished (or stop it in Compose), then try again.</source>
        <translation>Subiri hadi ukamilike (au usimamishe kwenye Andika), kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>An import is being uploaded</source>
        <translation>Uingizaji unapakiwa</translation>
    </message>
    <message>
        <source>Wait until it has finished (or stop it on the Import tab), then try again.</source>
        <translation>Subiri hadi ukamilike (au usimamishe kwenye Ingiza), kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>Contacts are being changed</source>
        <translation>Anwani zinabadilishwa</translation>
    </message>
    <message>
        <source>Wait until it has finished (or press Cancel on the Contacts tab), then try again.</source>
        <translation>Subiri hadi ikamilike (au ubonyeze Ghairi kwenye Anwani), kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>Connected to “{name}” with an older key</source>
        <translation>Imeunganishwa na “{name}” kwa ufunguo wa zamani</translation>
    </message>
    <message>
        <source>You can send SMS and see your balance, but this key cannot reach your contacts. Ask your provider for a newer key (starting with mbs_).</source>
        <translation>Unaweza kutuma SMS na kuona salio lako, lakini ufunguo huu haufikii anwani zako. Omba mtoa huduma wako ufunguo mpya (unaoanza na mbs_).</translation>
    </message>
    <message>
        <source>Connected to “{name}”</source>
        <translation>Imeunganishwa na “{name}”</translation>
    </message>
    <message>
        <source>Messages you send now go to your customers for real.</source>
        <translation>Jumbe unazotuma sasa zinawafikia wateja wako kweli.</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Njia za mkato za kibodi</translation>
    </message>
    <message>
        <source>Send the message (Compose)</source>
        <translation>Tuma ujumbe (Andika)</translation>
    </message>
    <message>
        <source>Go to {tabs}</source>
        <translation>Nenda kwenye {tabs}</translation>
    </message>
    <message>
        <source>Search the list (Contacts, Delivery)</source>
        <translation>Tafuta kwenye orodha (Anwani, Ufikishaji)</translation>
    </message>
    <message>
        <source>Look up a message ID (Delivery)</source>
        <translation>Tafuta kitambulisho cha ujumbe (Ufikishaji)</translation>
    </message>
    <message>
        <source>Connect an account</source>
        <translation>Unganisha akaunti</translation>
    </message>
    <message>
        <source>Read the balance and the open tab again</source>
        <translation>Soma salio na kichupo kilicho wazi tena</translation>
    </message>
    <message>
        <source>Undo in the message editor</source>
        <translation>Tendua katika sehemu ya kuandika ujumbe</translation>
    </message>
    <message>
        <source>This list</source>
        <translation>Orodha hii</translation>
    </message>
    <message>
        <source>Quit Tuma</source>
        <translation>Funga Tuma</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Vitufe</translation>
    </message>
    <message>
        <source>What it does</source>
        <translation>Kinachofanya</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Funga</translation>
    </message>
    <message>
        <source>About Tuma</source>
        <translation>Kuhusu Tuma</translation>
    </message>
    <message>
        <source>SMS broadcasts, contacts and delivery reports for small businesses in Kenya. Your secret key is kept only in this computer&apos;s password store.</source>
        <translation>SMS kwa wateja wengi, anwani na ripoti za ufikishaji kwa biashara ndogo za Kenya. Ufunguo wako wa siri unawekwa kwenye hifadhi ya nenosiri ya kompyuta hii pekee.</translation>
    </message>
    <message>
        <source>Open-source licences</source>
        <translation>Leseni za programu huria</translation>
    </message>
    <message>
        <source>That file cannot be opened here</source>
        <translation>Faili hiyo haiwezi kufunguliwa hapa</translation>
    </message>
    <message>
        <source>“{name}” is not a spreadsheet Tuma can import. Drop a {kinds} file (save Excel sheets as .xlsx or CSV).</source>
        <translation>“{name}” si faili ambayo Tuma inaweza kuingiza. Dondosha faili ya {kinds} (hifadhi faili za Excel kama .xlsx au CSV).</translation>
    </message>
    <message>
        <source> or </source>
        <translation> au </translation>
    </message>
</context>
<context>
    <name>MakeGsmBanner</name>
    <message>
        <source>Use standard characters</source>
        <translation>Tumia herufi za kawaida</translation>
    </message>
    <message>
        <source>Replace the highlighted characters with standard look-alikes, so each part holds 160 characters again (technically: GSM-7). Undo: Ctrl+Z</source>
        <translation>Badilisha herufi zilizoangaziwa kwa herufi za kawaida zinazofanana nazo, ili kila sehemu ibebe herufi 160 tena (kitaalamu: GSM-7). Kutendua: Ctrl+Z</translation>
    </message>
    <message>
        <source>This message uses special characters ({chars}) that have no standard look-alike, so each part holds only 70 characters.</source>
        <translation>Ujumbe huu una herufi maalum ({chars}) zisizo na herufi ya kawaida inayofanana nazo, kwa hiyo kila sehemu inabeba herufi 70 tu.</translation>
    </message>
    <message>
        <source>Remove them to fit 160 characters per part: {before} → {after}.</source>
        <translation>Ziondoe ili upate herufi 160 kwa kila sehemu: {before} → {after}.</translation>
    </message>
    <message>
        <source>Some characters ({chars}) have no standard look-alike. Use standard characters and remove them to go from {before} → {after}.</source>
        <translation>Baadhi ya herufi ({chars}) hazina herufi ya kawaida inayofanana nazo. Tumia herufi za kawaida na uziondoe ili utoke {before} → {after}.</translation>
    </message>
    <message>
        <source>Use standard characters to save credits: {before} → {after}.</source>
        <translation>Tumia herufi za kawaida ili uokoe krediti: {before} → {after}.</translation>
    </message>
    <message>
        <source>Replaces: {mapping}</source>
        <translation>Inabadilisha: {mapping}</translation>
    </message>
</context>
<context>
    <name>MatchesDialog</name>
    <message>
        <source>Which message?</source>
        <translation>Ujumbe upi?</translation>
    </message>
    <message>
        <source>Several messages have an ID that starts with {id}. Choose one, or close this and type more of the ID.</source>
        <translation>Jumbe kadhaa zina kitambulisho kinachoanza na {id}. Chagua mmoja, au funga hiki na uandike zaidi ya kitambulisho.</translation>
    </message>
    <message>
        <source>Only the newest {n} are listed: type more of the ID to find the others.</source>
        <translation>Zinaonyeshwa {n} za karibuni tu: andika zaidi ya kitambulisho kupata nyingine.</translation>
    </message>
    <message>
        <source>Messages whose ID starts with what was typed</source>
        <translation>Jumbe ambazo kitambulisho chake kinaanza na ulichoandika</translation>
    </message>
    <message>
        <source>Message ID</source>
        <translation>Kitambulisho cha ujumbe</translation>
    </message>
    <message>
        <source>Sent</source>
        <translation>Imetumwa</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Ujumbe</translation>
    </message>
    <message>
        <source>Not sent from Tuma on this computer ({recipients})</source>
        <translation>Haukutumwa kutoka Tuma kwenye kompyuta hii ({recipients})</translation>
    </message>
    <message>
        <source>Look up</source>
        <translation>Tafuta</translation>
    </message>
</context>
<context>
    <name>MergeFieldBar</name>
    <message>
        <source>Personalise:</source>
        <translation>Weka majina:</translation>
    </message>
    <message>
        <source>First name</source>
        <translation>Jina la kwanza</translation>
    </message>
    <message>
        <source>Last name</source>
        <translation>Jina la mwisho</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Simu</translation>
    </message>
    <message>
        <source>Insert {field}: each recipient sees their own</source>
        <translation>Weka {field}: kila mpokeaji anaona lake</translation>
    </message>
    <message>
        <source>No name? Use:</source>
        <translation>Hakuna jina? Tumia:</translation>
    </message>
    <message>
        <source>customer</source>
        <translation>mteja</translation>
    </message>
    <message>
        <source>Used where {first_name} is empty, e.g. for numbers typed in by hand. An empty {last_name} is simply left out.</source>
        <translation>Inatumika pale {first_name} ikiwa tupu, k.m. kwa namba zilizoandikwa kwa mkono. {last_name} ikiwa tupu inaachwa tu.</translation>
    </message>
</context>
<context>
    <name>MessageBar</name>
    <message>
        <source>Connect again</source>
        <extracomment>Left margin of a spin box&apos;s text, so it lines up with the line edits above and below it (the style sheet&apos;s padding does not reach a spin box&apos;s inner editor). Room kept for a window&apos;s title bar and frame, which its own height leaves out.</extracomment>
        <translation>Unganisha tena</translation>
    </message>
    <message>
        <source>Dismiss this message</source>
        <translation>Ondoa ujumbe huu</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Ondoa</translation>
    </message>
</context>
<context>
    <name>MessageEditor</name>
    <message>
        <source>Type your message here…</source>
        <extracomment>The service refuses longer messages (CONTRACT.md, Limits). Special characters named in the counter; more are marked in the text all the same. A placeholder that is none of the merge fields (core.personalise.unknown_fields).</extracomment>
        <translation>Andika ujumbe wako hapa…</translation>
    </message>
</context>
<context>
    <name>Notice</name>
    <message>
        <source>Dismiss</source>
        <extracomment>How long good news stays, in milliseconds.</extracomment>
        <translation>Ondoa</translation>
    </message>
    <message>
        <source>Dismiss this note</source>
        <translation>Ondoa taarifa hii</translation>
    </message>
</context>
<context>
    <name>OptOutHint</name>
    <message>
        <source>Add opt-out line</source>
        <translation>Ongeza njia ya kujiondoa</translation>
    </message>
    <message>
        <source>Promotions must tell customers how to stop them.</source>
        <translation>Matangazo lazima yawaambie wateja jinsi ya kujiondoa.</translation>
    </message>
    <message>
        <source>Adds “{line}”: {parts} per message, {extra} more in all.</source>
        <translation>Inaongeza “{line}”: {parts} kwa kila ujumbe, {extra} zaidi kwa jumla.</translation>
    </message>
    <message>
        <source>Adds “{line}”: the cost stays the same.</source>
        <translation>Inaongeza “{line}”: gharama haibadiliki.</translation>
    </message>
</context>
<context>
    <name>OptOutListDialog</name>
    <message>
        <source>Opt-out list</source>
        <translation>Orodha ya waliojiondoa</translation>
    </message>
    <message>
        <source>Numbers here never get a promotion from this account (service messages such as receipts still reach them). Add customers who replied STOP or asked you to stop.</source>
        <translation>Namba zilizo hapa hazipati tangazo lolote kutoka akaunti hii (jumbe za huduma kama risiti bado zinawafikia). Ongeza wateja waliojibu STOP au waliokuomba uache kuwatumia.</translation>
    </message>
    <message>
        <source>Opt-out &amp;line</source>
        <translation>&amp;Mstari wa kujiondoa</translation>
    </message>
    <message>
        <source>What “Add opt-out line” puts at the end of a promotion, e.g. “Tuma STOP kwa 22384”</source>
        <translation>Kile “Ongeza njia ya kujiondoa” huweka mwishoni mwa tangazo, k.m. “Tuma STOP kwa 22384”</translation>
    </message>
    <message>
        <source>Save line</source>
        <translation>Hifadhi mstari</translation>
    </message>
    <message>
        <source>Find a number</source>
        <translation>Tafuta namba</translation>
    </message>
    <message>
        <source>&amp;Add numbers…</source>
        <translation>&amp;Ongeza namba…</translation>
    </message>
    <message>
        <source>&amp;From a file…</source>
        <translation>&amp;Kutoka faili…</translation>
    </message>
    <message>
        <source>Add every number in an Excel or CSV file</source>
        <translation>Ongeza kila namba iliyo kwenye faili ya Excel au CSV</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>O&amp;ndoa</translation>
    </message>
    <message>
        <source>Take the selected numbers off the list</source>
        <translation>Ondoa namba zilizochaguliwa kwenye orodha</translation>
    </message>
    <message>
        <source>Numbers on the opt-out list</source>
        <translation>Namba zilizo kwenye orodha ya waliojiondoa</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>Namba</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Sababu</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>Iliongezwa</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Tendua</translation>
    </message>
    <message>
        <source>Put the numbers just taken off back on the list</source>
        <translation>Rudisha kwenye orodha namba zilizoondolewa sasa hivi</translation>
    </message>
    <message>
        <source>Replied STOP</source>
        <extracomment>&quot;From a file…&quot;&apos;s file dialog while it is open. What each removal took off, as it was, the latest last: Undo puts back the latest (one removal of several rows comes back at once), then the one before it.</extracomment>
        <translation>Alijibu STOP</translation>
    </message>
    <message>
        <source>Asked us</source>
        <translation>Alituomba</translation>
    </message>
    <message>
        <source>From a file</source>
        <translation>Kutoka faili</translation>
    </message>
    <message>
        <source>Blocked promotions (delivery report)</source>
        <translation>Alizuia matangazo (ripoti ya ufikishaji)</translation>
    </message>
    <message>
        <source>Nobody is on the list yet.</source>
        <translation>Bado hakuna mtu kwenye orodha.</translation>
    </message>
    <message>
        <source>{shown} found, of {total} on the list.</source>
        <translation>{shown} wamepatikana, kati ya {total} walio kwenye orodha.</translation>
    </message>
    <message>
        <source>The newest {shown} of {total} are shown: search to find the others.</source>
        <translation>Wanaonyeshwa {shown} wa karibuni kati ya {total}: tafuta ili kuwapata wengine.</translation>
    </message>
    <message>
        <source>{total} on the list.</source>
        <translation>{total} wako kwenye orodha.</translation>
    </message>
    <message>
        <source>Opt-out line saved: “{line}”.</source>
        <translation>Mstari wa kujiondoa umehifadhiwa: “{line}”.</translation>
    </message>
    <message>
        <source>Numbers to add to the opt-out list</source>
        <translation>Namba za kuongeza kwenye orodha ya waliojiondoa</translation>
    </message>
    <message>
        <source>Spreadsheets (*.xlsx *.csv)</source>
        <translation>Faili za Excel (*.xlsx *.csv)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Faili zote (*)</translation>
    </message>
    <message>
        <source>Reading {file}…</source>
        <translation>Inasoma {file}…</translation>
    </message>
    <message>
        <source>That file could not be read as a list of numbers. Save it from Excel as .xlsx or .csv with a column of phone numbers, then try again.</source>
        <translation>Faili hiyo haikuweza kusomwa kama orodha ya namba. Ihifadhi kutoka Excel kama .xlsx au .csv yenye safu ya namba za simu, kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>{added} added to the opt-out list</source>
        <translation>{added} wameongezwa kwenye orodha ya waliojiondoa</translation>
    </message>
    <message>
        <source> ({n} already on it)</source>
        <translation> ({n} tayari wamo)</translation>
    </message>
    <message>
        <source>Not phone numbers, so not added: {entries}. Check them and add them again.</source>
        <translation>Si namba za simu, kwa hiyo hazijaongezwa: {entries}. Ziangalie kisha uziongeze tena.</translation>
    </message>
    <message>
        <source>Rows not read as phone numbers, so not added: {rows}. Correct them in the file and add it again.</source>
        <translation>Safu zisizosomeka kama namba za simu, kwa hiyo hazikuongezwa: {rows}. Zirekebishe kwenye faili na uiongeze tena.</translation>
    </message>
    <message>
        <source>{n} could not be read as phone numbers.</source>
        <translation>{n} hazikuweza kusomwa kama namba za simu.</translation>
    </message>
    <message>
        <source>row {row} (empty)</source>
        <translation>safu {row} (tupu)</translation>
    </message>
    <message>
        <source>row {row} (“{text}”)</source>
        <translation>safu {row} (“{text}”)</translation>
    </message>
    <message numerus="yes">
        <source>{rows} and %Ln more</source>
        <translation>
            <numerusform>{rows} na nyingine %Ln</numerusform>
            <numerusform>{rows} na nyingine %Ln</numerusform>
        </translation>
    </message>
    <message>
        <source>{n} taken off the list: they can get promotions again.</source>
        <translation>{n} wameondolewa kwenye orodha: wanaweza kupata matangazo tena.</translation>
    </message>
    <message>
        <source>{n} put back on the opt-out list.</source>
        <translation>Zimerudishwa kwenye orodha ya waliojiondoa: {n}.</translation>
    </message>
    <message numerus="yes">
        <source>Press Undo again to put back the %Ln taken off before.</source>
        <translation>
            <numerusform>Bonyeza Tendua tena kurudisha %Ln aliyeondolewa kabla ya hapo.</numerusform>
            <numerusform>Bonyeza Tendua tena kurudisha %Ln walioondolewa kabla ya hapo.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OverdueDialog</name>
    <message>
        <source>A scheduled message was not sent</source>
        <translation>Ujumbe uliopangwa haukutumwa</translation>
    </message>
    <message>
        <source>This message was due {when}, {late} ago</source>
        <translation>Ujumbe huu ulipaswa kutumwa {when}, {late} zilizopita</translation>
    </message>
    <message>
        <source>It was cancelled, and Undo put it back after its time, so nothing was sent. It is for {people}, from {sender}. Send it now only if it is still right to send.</source>
        <translation>Ulighairiwa, na Tendua ikaurudisha baada ya muda wake kupita, kwa hiyo hakuna kilichotumwa. Ni kwa {people}, kutoka {sender}. Utume sasa tu kama bado inafaa kuutuma.</translation>
    </message>
    <message>
        <source>It was off the schedule, being edited, when it fell due, so nothing was sent. It is for {people}, from {sender}. Send it now only if it is still right to send.</source>
        <translation>Ulikuwa nje ya ratiba, ukihaririwa, muda wake ulipofika, kwa hiyo hakuna kilichotumwa. Ni kwa {people}, kutoka {sender}. Utume sasa tu kama bado inafaa kuutuma.</translation>
    </message>
    <message>
        <source>Tuma could not send it on time: the computer was asleep, or Tuma was busy. Nothing was sent. It is for {people}, from {sender}. Send it now only if it is still right to send.</source>
        <translation>Tuma haikuweza kuutuma kwa wakati: kompyuta ilikuwa imelala, au Tuma ilikuwa na shughuli nyingi. Hakuna kilichotumwa. Ni kwa {people}, kutoka {sender}. Utume sasa tu kama bado unafaa kutumwa.</translation>
    </message>
    <message>
        <source>This account was not open in Tuma when it fell due, so nothing was sent. It is for {people}, from {sender}. Send it now only if it is still right to send.</source>
        <translation>Akaunti hii haikuwa imefunguliwa katika Tuma wakati wake ulipofika, kwa hiyo hakuna kilichotumwa. Ni kwa {people}, kutoka {sender}. Utume sasa tu kama bado unafaa kutumwa.</translation>
    </message>
    <message>
        <source>Tuma was closed when it fell due, so nothing was sent. It is for {people}, from {sender}. Send it now only if it is still right to send.</source>
        <translation>Tuma ilikuwa imefungwa wakati wake ulipofika, kwa hiyo hakuna kilichotumwa. Ni kwa {people}, kutoka {sender}. Utume sasa tu kama bado unafaa kutumwa.</translation>
    </message>
    <message>
        <source>It is a promotion, and promotions may only go out between {hours}.</source>
        <translation>Ni tangazo, na matangazo yanaweza kutumwa kati ya {hours} tu.</translation>
    </message>
    <message>
        <source>Send it {when}</source>
        <translation>Utume {when}</translation>
    </message>
    <message>
        <source>Send now</source>
        <translation>Tuma sasa</translation>
    </message>
    <message>
        <source>Send now anyway</source>
        <translation>Tuma sasa hata hivyo</translation>
    </message>
    <message>
        <source>Cancel it</source>
        <translation>Ughairi</translation>
    </message>
    <message>
        <source>Decide later</source>
        <translation>Amua baadaye</translation>
    </message>
    <message>
        <source>“Decide later” keeps it in the scheduled list, unsent.</source>
        <translation>“Amua baadaye” unaubakiza kwenye orodha ya jumbe zilizopangwa, bila kutumwa.</translation>
    </message>
</context>
<context>
    <name>PracticeBanner</name>
    <message>
        <source>Practice mode — messages go nowhere until you connect your account</source>
        <extracomment>The whole sentence (on a small window: the title&apos;s tooltip, the short one shows).</extracomment>
        <translation>Hali ya mazoezi — jumbe haziendi popote hadi uunganishe akaunti yako</translation>
    </message>
    <message>
        <source>Practice mode — no message really goes out</source>
        <translation>Hali ya mazoezi — hakuna ujumbe unaotumwa kweli</translation>
    </message>
    <message>
        <source>Connect your account…</source>
        <translation>Unganisha akaunti yako…</translation>
    </message>
    <message>
        <source>Starting the practice service…</source>
        <extracomment>Narrower than this, the banner keeps only its title and button (the details are in the title&apos;s tooltip): on a small screen it stays one line high. (Its Kiswahili title went onto two lines at 800 px, above a Compose tab already short of height.)</extracomment>
        <translation>Inaanzisha huduma ya mazoezi…</translation>
    </message>
    <message>
        <source>Demo shop, sample customers, free credits.</source>
        <translation>Duka la mfano, wateja wa mfano, krediti za bure.</translation>
    </message>
    <message>
        <source>You are using a demo shop with sample customers and free practice credits. Try anything: no real SMS is sent and nothing is charged.</source>
        <translation>Unatumia duka la mfano lenye wateja wa mfano na krediti za bure za mazoezi. Jaribu chochote: hakuna SMS halisi inayotumwa na hakuna malipo.</translation>
    </message>
</context>
<context>
    <name>PreviewCard</name>
    <message>
        <source>Preview</source>
        <translation>Hakikisho</translation>
    </message>
    <message>
        <source>See the message as this recipient will get it</source>
        <translation>Ona ujumbe jinsi mpokeaji huyu atakavyoupata</translation>
    </message>
    <message>
        <source>Preview for recipient</source>
        <translation>Hakikisho kwa mpokeaji</translation>
    </message>
    <message>
        <source>Your message will appear here.</source>
        <translation>Ujumbe wako utaonekana hapa.</translation>
    </message>
    <message>
        <source>special characters</source>
        <translation>herufi maalum</translation>
    </message>
    <message>
        <source>standard characters</source>
        <translation>herufi za kawaida</translation>
    </message>
    <message>
        <source>This recipient: {parts} · {encoding}</source>
        <translation>Mpokeaji huyu: {parts} · {encoding}</translation>
    </message>
    <message>
        <source>{parts} · {encoding}</source>
        <translation>{parts} · {encoding}</translation>
    </message>
</context>
<context>
    <name>ProblemsModel</name>
    <message>
        <source>Row</source>
        <translation>Safu</translation>
    </message>
    <message>
        <source>Phone as in the file</source>
        <translation>Namba kama ilivyo kwenye faili</translation>
    </message>
    <message>
        <source>Why it is not imported</source>
        <translation>Kwa nini haiingizwi</translation>
    </message>
</context>
<context>
    <name>ProgressStrip</name>
    <message>
        <source>Cancel</source>
        <translation>Ghairi</translation>
    </message>
</context>
<context>
    <name>PromoHoursDialog</name>
    <message>
        <source>Outside the hours for promotions</source>
        <translation>Nje ya saa za matangazo</translation>
    </message>
    <message>
        <source>{time} is outside the hours for promotions</source>
        <translation>Saa {time} ni nje ya saa za matangazo</translation>
    </message>
    <message>
        <source>The time you chose, {when}, is outside the hours for promotions</source>
        <translation>Muda uliochagua, {when}, ni nje ya saa za matangazo</translation>
    </message>
    <message>
        <source>Promotional messages may only be sent between {hours}. Sending one outside these hours can bring a fine. Tuma can send it {when} instead.</source>
        <translation>Jumbe za matangazo zinaweza kutumwa kati ya {hours} tu. Kutuma nje ya saa hizo kunaweza kuleta faini. Tuma inaweza kuutuma {when} badala yake.</translation>
    </message>
    <message>
        <source>Send it {when}</source>
        <translation>Utume {when}</translation>
    </message>
    <message>
        <source>Send now anyway</source>
        <translation>Tuma sasa hata hivyo</translation>
    </message>
    <message>
        <source>Keep {time} anyway</source>
        <translation>Baki na saa {time} hata hivyo</translation>
    </message>
</context>
<context>
    <name>QLineEdit</name>
    <message>
        <source>&amp;Undo</source>
        <extracomment>The right-click menu of text fields (pasting phone numbers is common), also Qt&apos;s own.</extracomment>
        <translation>&amp;Tendua</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rudia</translation>
    </message>
    <message>
        <source>Cu&amp;t</source>
        <translation>&amp;Kata</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Nakili</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>&amp;Bandika</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Futa</translation>
    </message>
    <message>
        <source>Select All</source>
        <translation>Chagua zote</translation>
    </message>
</context>
<context>
    <name>QPlatformTheme</name>
    <message>
        <source>OK</source>
        <extracomment>Code → the language&apos;s own name (shown untranslated in the Language menu). Qt&apos;s own words on standard buttons (QDialogButtonBox, QMessageBox: &quot;Cancel&quot;, &quot;Close&quot;): Qt ships no Kiswahili for them, so Tuma&apos;s catalogue holds them under Qt&apos;s context.</extracomment>
        <translation>Sawa</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Ghairi</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Funga</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Hifadhi</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Acha</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Tekeleza</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Fungua</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>Msaada</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Jaribu tena</translation>
    </message>
    <message>
        <source>Abort</source>
        <translation>Acha kabisa</translation>
    </message>
    <message>
        <source>Ignore</source>
        <translation>Puuza</translation>
    </message>
    <message>
        <source>&amp;Yes</source>
        <translation>&amp;Ndiyo</translation>
    </message>
    <message>
        <source>&amp;No</source>
        <translation>&amp;Hapana</translation>
    </message>
</context>
<context>
    <name>QWidgetTextControl</name>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Tendua</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rudia</translation>
    </message>
    <message>
        <source>Cu&amp;t</source>
        <translation>&amp;Kata</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Nakili</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>&amp;Bandika</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Futa</translation>
    </message>
    <message>
        <source>Select All</source>
        <translation>Chagua zote</translation>
    </message>
</context>
<context>
    <name>RecipientsPanel</name>
    <message>
        <source>Type or paste phone numbers, e.g. 0712 345 678, +254 733 000 111</source>
        <extracomment>Chips drawn at most; beyond this the summary line still counts everyone. The chips box grows with its rows up to this height (three rows), then scrolls; kept low so the whole Compose tab, Send button included, fits a maximised 1366×768 window. The numbers box: three lines (the chips below show what was understood). A list this long (characters) is read once typing stops, in a worker thread: 50,000 pasted numbers take ~0.3 s to check, which would hold the window still. How long a list waits after the last change before it is read (ms). A reading still going after this long says so under the box (ms). The Clear button removed these (typed text, picked people): the tab offers Undo.</extracomment>
        <translation>Andika au bandika namba za simu, k.m. 0712 345 678, +254 733 000 111</translation>
    </message>
    <message>
        <source>Recipients found</source>
        <translation>Wapokeaji waliopatikana</translation>
    </message>
    <message>
        <source>Each number as it will be sent; invalid ones say why. Delete removes.</source>
        <translation>Kila namba jinsi itakavyotumiwa; zisizo sahihi zinaeleza sababu. Delete inaondoa.</translation>
    </message>
    <message>
        <source>Remove from recipients</source>
        <translation>Ondoa kwenye wapokeaji</translation>
    </message>
    <message>
        <source>Add from contacts…</source>
        <translation>Ongeza kutoka kwenye anwani…</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Futa</translation>
    </message>
    <message>
        <source>Remove every recipient</source>
        <translation>Ondoa wapokeaji wote</translation>
    </message>
    <message>
        <source>Not a valid number: {reason}</source>
        <translation>Si namba sahihi: {reason}</translation>
    </message>
    <message>
        <source>From your contacts. Select and press Delete to remove.</source>
        <translation>Kutoka kwenye anwani zako. Chagua kisha bonyeza Delete ili kuondoa.</translation>
    </message>
    <message>
        <source>Will be sent to {phone}</source>
        <translation>Itatumwa kwa {phone}</translation>
    </message>
    <message>
        <source>… and {n} more</source>
        <translation>… na wengine {n}</translation>
    </message>
    <message>
        <source>Left out: {words}. To greet people by name, import the spreadsheet on the Import tab, then pick them with Add from contacts…</source>
        <translation>Yameachwa: {words}. Kuwasalimu watu kwa majina, ingiza faili ya Excel kwenye kichupo cha Ingiza, kisha uwachague kwa Ongeza kutoka kwenye anwani…</translation>
    </message>
    <message>
        <source>Checking the numbers…</source>
        <translation>Inakagua namba…</translation>
    </message>
    <message>
        <source>No recipients yet.</source>
        <translation>Bado hakuna wapokeaji.</translation>
    </message>
    <message>
        <source>Names are not numbers: to pick people by name, use Add from contacts…</source>
        <translation>Majina si namba: kuchagua watu kwa majina, tumia Ongeza kutoka kwenye anwani…</translation>
    </message>
</context>
<context>
    <name>ResumeBanner</name>
    <message>
        <source>Review…</source>
        <translation>Kagua…</translation>
    </message>
    <message>
        <source>{n} not sent yet</source>
        <translation>{n} bado hawajatumiwa</translation>
    </message>
    <message>
        <source>{n} with an unknown outcome</source>
        <translation>{n} wenye matokeo yasiyojulikana</translation>
    </message>
    <message>
        <source>A broadcast did not finish: {details}.</source>
        <translation>Utumaji mmoja haukukamilika: {details}.</translation>
    </message>
    <message>
        <source>{n} broadcasts did not finish: {details}.</source>
        <translation>Kuna utumaji {n} ambao haukukamilika: {details}.</translation>
    </message>
</context>
<context>
    <name>ResumeDialog</name>
    <message>
        <source>Unfinished broadcasts</source>
        <extracomment>The list was read again and shown (tests wait on it).</extracomment>
        <translation>Utumaji ambao haujakamilika</translation>
    </message>
    <message>
        <source>These messages did not finish sending. Nothing is sent again without you: send the rest when you are ready, and tell Tuma what happened to any round whose outcome is unknown.</source>
        <translation>Jumbe hizi hazikumaliza kutumwa. Hakuna kinachotumwa tena bila wewe: tuma zilizobaki ukiwa tayari, na uiambie Tuma kilichotokea kwa awamu yoyote ambayo matokeo yake hayajulikani.</translation>
    </message>
    <message>
        <source>Everything has been sent or settled.</source>
        <extracomment>Why the last request could not be done (another send is going out).</extracomment>
        <translation>Kila kitu kimetumwa au kimeshughulikiwa.</translation>
    </message>
    <message>
        <source>Don&apos;t send the rest?</source>
        <translation>Usitume zilizobaki?</translation>
    </message>
    <message>
        <source>{people} will not get this message.</source>
        <translation>{people} hawatapata ujumbe huu.</translation>
    </message>
    <message>
        <source>To send it to them later you would have to write the message again.</source>
        <translation>Ili uwatumie baadaye utalazimika kuandika ujumbe upya.</translation>
    </message>
    <message>
        <source>Don&apos;t send</source>
        <translation>Usitume</translation>
    </message>
    <message>
        <source>Keep them</source>
        <translation>Wabaki</translation>
    </message>
</context>
<context>
    <name>Rules</name>
    <message>
        <source>today at {time}</source>
        <translation>leo saa {time}</translation>
    </message>
    <message>
        <source>tomorrow at {time}</source>
        <translation>kesho saa {time}</translation>
    </message>
    <message>
        <source>yesterday at {time}</source>
        <translation>jana saa {time}</translation>
    </message>
    <message>
        <source>on {date} at {time}</source>
        <translation>tarehe {date} saa {time}</translation>
    </message>
    <message>
        <source>{start} and {end}</source>
        <translation>{start} na {end}</translation>
    </message>
</context>
<context>
    <name>SampleModel</name>
    <message>
        <source>Row</source>
        <translation>Safu</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Simu</translation>
    </message>
    <message>
        <source>First name</source>
        <translation>Jina la kwanza</translation>
    </message>
    <message>
        <source>Last name</source>
        <translation>Jina la mwisho</translation>
    </message>
    <message>
        <source>Email</source>
        <translation>Barua pepe</translation>
    </message>
</context>
<context>
    <name>ScheduledBanner</name>
    <message>
        <source>View…</source>
        <translation>Tazama…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln overdue message(s), not sent: waiting for you to decide.</source>
        <translation>
            <numerusform>Ujumbe %Ln umepitwa na muda, haujatumwa: unasubiri uamue.</numerusform>
            <numerusform>Jumbe %Ln zimepitwa na muda, hazijatumwa: zinasubiri uamue.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln more scheduled; the next goes out {when}.</source>
        <translation>
            <numerusform>Ujumbe mwingine %Ln umepangwa; utatumwa {when}.</numerusform>
            <numerusform>Jumbe nyingine %Ln zimepangwa; unaofuata utatumwa {when}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s) scheduled; the next goes out {when}.</source>
        <translation>
            <numerusform>Ujumbe %Ln umepangwa; utatumwa {when}.</numerusform>
            <numerusform>Jumbe %Ln zimepangwa; unaofuata utatumwa {when}.</numerusform>
        </translation>
    </message>
    <message>
        <source>Decide…</source>
        <translation>Amua…</translation>
    </message>
    <message>
        <source>Open the scheduled list: Send now or Cancel send</source>
        <translation>Fungua orodha ya jumbe zilizopangwa: Tuma sasa au Ghairi kutuma</translation>
    </message>
</context>
<context>
    <name>ScheduledDialog</name>
    <message>
        <source>Scheduled messages</source>
        <extracomment>The widest the scheduled list&apos;s &quot;Goes out&quot; column gets (longer words wrap in it). Undo of the last Cancel send (offered beside the words that say it was cancelled).</extracomment>
        <translation>Jumbe zilizopangwa</translation>
    </message>
    <message>
        <source>Goes out</source>
        <translation>Utatumwa</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Kutoka</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Kwa</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Ujumbe</translation>
    </message>
    <message>
        <source>Nothing is scheduled. To send a message later, write it in Compose and press Send later…</source>
        <translation>Hakuna ujumbe uliopangwa. Ili kutuma ujumbe baadaye, uandike katika Andika kisha bonyeza Tuma baadaye…</translation>
    </message>
    <message>
        <source>An overdue message is not sent until you decide: Send now or Cancel send.</source>
        <translation>Ujumbe uliopitwa na muda hautumwi hadi uamue: Tuma sasa au Ghairi kutuma.</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>T&amp;endua</translation>
    </message>
    <message>
        <source>Put the cancelled message back on the schedule, as it was</source>
        <translation>Rudisha ujumbe ulioghairiwa kwenye ratiba, kama ulivyokuwa</translation>
    </message>
    <message>
        <source>Send now</source>
        <translation>Tuma sasa</translation>
    </message>
    <message>
        <source>Change time…</source>
        <translation>Badilisha saa…</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Hariri</translation>
    </message>
    <message>
        <source>Take it off the schedule and open it in the form, to change and send again</source>
        <translation>Uondoe kwenye ratiba na uufungue kwenye fomu, ili ubadilishe na kutuma tena</translation>
    </message>
    <message>
        <source>Cancel send</source>
        <translation>Ghairi kutuma</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Funga</translation>
    </message>
    <message>
        <source>Overdue: waiting for you (was due {when})</source>
        <extracomment>When each action button was last pressed (monotonic seconds): the second press of a double press on Cancel send landed on the row the list had moved to after the first, and cancelled that send too.</extracomment>
        <translation>Umepitwa na muda: unakusubiri (ulipaswa kutumwa {when})</translation>
    </message>
    <message>
        <source>Not sent: its time passed. Choose Send now, or Cancel send; Change time… schedules it again.</source>
        <translation>Haujatumwa: muda wake umepita. Chagua Tuma sasa, au Ghairi kutuma; Badilisha saa… unaupanga tena.</translation>
    </message>
</context>
<context>
    <name>SendLaterDialog</name>
    <message>
        <source>In an hour</source>
        <translation>Baada ya saa moja</translation>
    </message>
    <message>
        <source>Today at {time}</source>
        <translation>Leo saa {time}</translation>
    </message>
    <message>
        <source>Tomorrow at {time}</source>
        <translation>Kesho saa {time}</translation>
    </message>
    <message>
        <source>Send later</source>
        <translation>Tuma baadaye</translation>
    </message>
    <message>
        <source>When should it go out?</source>
        <translation>Utumwe lini?</translation>
    </message>
    <message>
        <source>Day and time it goes out</source>
        <translation>Siku na saa utakapotumwa</translation>
    </message>
    <message>
        <source>Tuma sends it then, if it is running. If it is closed at that time, it asks you the next time it starts.</source>
        <translation>Tuma itautuma wakati huo kama imefunguliwa. Kama imefungwa wakati huo, itakuuliza itakapofunguliwa tena.</translation>
    </message>
    <message>
        <source>Promotions may only go out between {hours}.</source>
        <translation>Matangazo yanaweza kutumwa kati ya {hours} tu.</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>Endelea</translation>
    </message>
    <message>
        <source>That time has already passed: choose a later one.</source>
        <translation>Muda huo umeshapita: chagua muda wa baadaye.</translation>
    </message>
</context>
<context>
    <name>SendProgressDialog</name>
    <message>
        <source>Sending…</source>
        <translation>Inatuma…</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Inaanza…</translation>
    </message>
    <message>
        <source>%v of %m rounds sent</source>
        <translation>Awamu %v kati ya %m zimetumwa</translation>
    </message>
    <message>
        <source>A big send goes to your provider in rounds of a few hundred numbers (technically: batches), so a lost connection only affects one round.</source>
        <translation>Utumaji mkubwa unaenda kwa mtoa huduma wako kwa awamu za namba mia chache (kitaalamu: batches), kwa hiyo muunganisho ukikatika unaathiri awamu moja tu.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Ghairi</translation>
    </message>
    <message>
        <source>Stop after the round being sent now. The rest can be sent later.</source>
        <translation>Simamisha baada ya awamu inayotumwa sasa. Zilizobaki zinaweza kutumwa baadaye.</translation>
    </message>
    <message>
        <source>Stopping after the round being sent now…</source>
        <translation>Inasimamisha baada ya awamu inayotumwa sasa…</translation>
    </message>
    <message>
        <source>Sent to {done} of {total}…</source>
        <translation>Imetumwa kwa {done} kati ya {total}…</translation>
    </message>
</context>
<context>
    <name>SessionManager</name>
    <message>
        <source>No saved account called “{name}”</source>
        <extracomment>True while practice mode is being started (the banner says so). The account dialog is needed: (reason, profile name or None). The start-up session choice is done (whatever happened).</extracomment>
        <translation>Hakuna akaunti iliyohifadhiwa inayoitwa “{name}”</translation>
    </message>
    <message>
        <source>Tuma opened in practice mode instead. Use Account → Connect an account… to add it.</source>
        <translation>Badala yake Tuma imefunguka katika hali ya mazoezi. Tumia Akaunti → Unganisha akaunti… ili kuiongeza.</translation>
    </message>
    <message>
        <source>Older key: contacts are not available</source>
        <translation>Ufunguo wa zamani: anwani hazipatikani</translation>
    </message>
    <message>
        <source>This account&apos;s key can send SMS but cannot reach your contacts. Ask your provider for a newer key (starting with mbs_) and connect again.</source>
        <translation>Ufunguo wa akaunti hii unaweza kutuma SMS lakini haufikii anwani zako. Omba mtoa huduma wako ufunguo mpya (unaoanza na mbs_) kisha uunganishe tena.</translation>
    </message>
    <message>
        <source>Practice mode could not start</source>
        <translation>Hali ya mazoezi imeshindwa kuanza</translation>
    </message>
    <message>
        <source>The built-in practice service did not start on this computer. You can still connect your own account: Account → Connect an account…</source>
        <translation>Huduma ya mazoezi iliyomo ndani haikuanza kwenye kompyuta hii. Bado unaweza kuunganisha akaunti yako mwenyewe: Akaunti → Unganisha akaunti…</translation>
    </message>
    <message>
        <source>Signed out of “{name}”</source>
        <translation>Umetoka kwenye “{name}”</translation>
    </message>
    <message>
        <source>Its key was deleted from this computer. To use it again, choose Account → Connect an account… and paste the key.</source>
        <translation>Ufunguo wake umefutwa kwenye kompyuta hii. Ili uitumie tena, chagua Akaunti → Unganisha akaunti… kisha ubandike ufunguo.</translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <source>Import customers from a spreadsheet</source>
        <translation>Ingiza wateja kutoka faili ya Excel</translation>
    </message>
    <message>
        <source>Past imports</source>
        <translation>Uingizaji uliopita</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Lini</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Faili</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>Zimeingizwa</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Matokeo</translation>
    </message>
    <message>
        <source>Nothing imported yet. The report of every import is kept here.</source>
        <translation>Bado hakuna kilichoingizwa. Ripoti ya kila uingizaji huhifadhiwa hapa.</translation>
    </message>
    <message>
        <source>Open report</source>
        <translation>Fungua ripoti</translation>
    </message>
</context>
<context>
    <name>Startup</name>
    <message>
        <source>Tuma is already open</source>
        <extracomment>The light palette Tuma is drawn with, whatever the computer&apos;s own colours: its style sheet paints light fields and pages, so a dark system palette (Windows, macOS or GNOME in dark mode) left dark what the sheet does not paint (the import wizard&apos;s pages, a table&apos;s spare area) under ink that could not be read there. Role: (active and inactive, disabled); these are Qt&apos;s own light (Fusion) colours but for the text, which is ink.</extracomment>
        <translation>Tuma tayari imefunguliwa</translation>
    </message>
    <message>
        <source>Tuma is already running on this computer but did not answer. If you cannot see its window, wait a minute, then start Tuma again. If this keeps happening, restart the computer.</source>
        <translation>Tuma tayari inaendeshwa kwenye kompyuta hii lakini haikujibu. Kama huoni dirisha lake, subiri dakika moja, kisha ufungue Tuma tena. Hili likiendelea kutokea, zima na uwashe kompyuta upya.</translation>
    </message>
</context>
<context>
    <name>StepsBar</name>
    <message>
        <source>1  File</source>
        <extracomment>Text tables the core reads as it reads a CSV (its separator and encoding found): Excel&apos;s &quot;Unicode Text&quot; (.txt: UTF-16, tab-separated) and tab-separated files. A workbook with macros, which the core reads as it reads an .xlsx. The widest a column of the file&apos;s first rows is made (pixels): one long column (notes) must not push the others off a small screen.</extracomment>
        <translation>1  Faili</translation>
    </message>
    <message>
        <source>2  Columns</source>
        <translation>2  Safu wima</translation>
    </message>
    <message>
        <source>3  Check</source>
        <translation>3  Kagua</translation>
    </message>
    <message>
        <source>4  Upload</source>
        <translation>4  Pakia</translation>
    </message>
    <message>
        <source>5  Done</source>
        <translation>5  Imekamilika</translation>
    </message>
</context>
<context>
    <name>SummaryCard</name>
    <message>
        <source>Summary</source>
        <translation>Muhtasari</translation>
    </message>
    <message>
        <source>The name your customers see as the sender (your registered sender names)</source>
        <translation>Jina ambalo wateja wako wanaona kama mtumaji (majina yako ya mtumaji yaliyosajiliwa)</translation>
    </message>
    <message>
        <source>F&amp;rom</source>
        <translation>Ku&amp;toka</translation>
    </message>
    <message>
        <source>Recipients</source>
        <translation>Wapokeaji</translation>
    </message>
    <message>
        <source>Parts per message</source>
        <translation>Sehemu kwa kila ujumbe</translation>
    </message>
    <message>
        <source>Credits needed</source>
        <translation>Krediti zinazohitajika</translation>
    </message>
    <message>
        <source>Estimated cost</source>
        <translation>Gharama inayokadiriwa</translation>
    </message>
    <message>
        <source>Your balance</source>
        <translation>Salio lako</translation>
    </message>
    <message>
        <source>After sending</source>
        <translation>Baada ya kutuma</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Tuma</translation>
    </message>
    <message>
        <source>Send now (Ctrl+Enter)</source>
        <translation>Tuma sasa (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Ctrl+Enter to send</source>
        <translation>Ctrl+Enter kutuma</translation>
    </message>
    <message>
        <source>{parts} · special characters</source>
        <translation>{parts} · herufi maalum</translation>
    </message>
    <message>
        <source>rate not known</source>
        <translation>bei haijulikani</translation>
    </message>
    <message>
        <source>Set your price per SMS part in the account settings to see KES.</source>
        <translation>Weka bei yako kwa sehemu ya SMS kwenye mipangilio ya akaunti ili uone KES.</translation>
    </message>
    <message>
        <source>{credits} × {price} per part</source>
        <translation>{credits} × {price} kwa sehemu</translation>
    </message>
    <message>
        <source>not known while offline</source>
        <translation>halijulikani, nje ya mtandao</translation>
    </message>
    <message>
        <source>not known</source>
        <translation>halijulikani</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>inaangalia…</translation>
    </message>
    <message>
        <source>not enough</source>
        <translation>haitoshi</translation>
    </message>
</context>
<context>
    <name>SurveyPanel</name>
    <message>
        <source>Survey</source>
        <translation>Utafiti</translation>
    </message>
    <message>
        <source>Send one of your surveys to your customers; they answer by SMS.</source>
        <translation>Tuma mojawapo ya tafiti zako kwa wateja wako; wanajibu kwa SMS.</translation>
    </message>
    <message>
        <source>Survey ID from your provider&apos;s portal</source>
        <translation>Namba ya utafiti kutoka kwenye tovuti ya mtoa huduma wako</translation>
    </message>
    <message>
        <source>Survey ID</source>
        <translation>Namba ya utafiti</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Kwa</translation>
    </message>
    <message>
        <source>Survey recipients&apos; phone numbers</source>
        <translation>Namba za simu za wapokeaji wa utafiti</translation>
    </message>
    <message>
        <source>Send survey</source>
        <translation>Tuma utafiti</translation>
    </message>
    <message>
        <source>Good to know</source>
        <translation>Vizuri kujua</translation>
    </message>
    <message>
        <source>Survey IDs are listed on your provider&apos;s portal.</source>
        <translation>Namba za tafiti zimeorodheshwa kwenye tovuti ya mtoa huduma wako.</translation>
    </message>
    <message>
        <source>Each person gets the survey&apos;s questions by SMS and answers by reply.</source>
        <translation>Kila mtu anapata maswali ya utafiti kwa SMS na kujibu kwa kurudisha ujumbe.</translation>
    </message>
    <message>
        <source>Invalid numbers are skipped; duplicates are sent once.</source>
        <translation>Namba zisizo sahihi zinarukwa; zinazojirudia zinatumiwa mara moja.</translation>
    </message>
    <message>
        <source>Send survey to {people}</source>
        <translation>Tuma utafiti kwa {people}</translation>
    </message>
    <message>
        <source>Type the survey ID (it is on your provider&apos;s portal).</source>
        <translation>Andika namba ya utafiti (iko kwenye tovuti ya mtoa huduma wako).</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Inatuma…</translation>
    </message>
    <message>
        <source>Sending… {done} of {people}</source>
        <translation>Inatuma… {done} kati ya {people}</translation>
    </message>
</context>
<context>
    <name>Tabs</name>
    <message>
        <source>&amp;Compose</source>
        <extracomment>File name endings (lower case, with the dot) this tab opens when dropped on the window. Endings it does not open but knows how to turn into one it does (an old Excel file, a LibreOffice one): dropped on the window, they go to it, which says how. So does a folder when the tab ``accepts`` anything.</extracomment>
        <translation>An&amp;dika</translation>
    </message>
    <message>
        <source>Co&amp;ntacts</source>
        <translation>A&amp;nwani</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Ingiza</translation>
    </message>
    <message>
        <source>&amp;Import contacts…</source>
        <translation>&amp;Ingiza anwani…</translation>
    </message>
    <message>
        <source>&amp;Delivery</source>
        <translation>&amp;Ufikishaji</translation>
    </message>
    <message>
        <source>&amp;Balance</source>
        <translation>&amp;Salio</translation>
    </message>
</context>
<context>
    <name>TemplatesButton</name>
    <message>
        <source>Templates</source>
        <extracomment>A template was saved or deleted (the name); tests and status messages listen. The menu was filled with the saved templates (tests and the busy state listen). The saved templates as last read (the menu is built from these, instantly).</extracomment>
        <translation>Violezo</translation>
    </message>
    <message>
        <source>Use a saved message, or save this one for next time</source>
        <translation>Tumia ujumbe uliohifadhiwa, au hifadhi huu kwa wakati ujao</translation>
    </message>
    <message>
        <source>No saved templates yet</source>
        <translation>Bado hakuna violezo vilivyohifadhiwa</translation>
    </message>
    <message>
        <source>Save this message as a template…</source>
        <translation>Hifadhi ujumbe huu kama kiolezo…</translation>
    </message>
    <message>
        <source>Delete a template</source>
        <translation>Futa kiolezo</translation>
    </message>
    <message>
        <source>Save as template</source>
        <translation>Hifadhi kama kiolezo</translation>
    </message>
    <message>
        <source>Name this template (saving over a name replaces it):</source>
        <translation>Kipe kiolezo hiki jina (kuhifadhi kwa jina lililopo kunalibadilisha):</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Hifadhi</translation>
    </message>
    <message>
        <source>Delete template?</source>
        <translation>Ufute kiolezo?</translation>
    </message>
    <message>
        <source>Delete the template “{name}”?</source>
        <translation>Ufute kiolezo “{name}”?</translation>
    </message>
    <message>
        <source>It cannot be brought back.</source>
        <translation>Hakiwezi kurudishwa.</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Futa</translation>
    </message>
    <message>
        <source>Keep it</source>
        <translation>Kibaki</translation>
    </message>
</context>
<context>
    <name>Toast</name>
    <message>
        <source>Dismiss this message</source>
        <translation>Ondoa ujumbe huu</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Ondoa</translation>
    </message>
</context>
<context>
    <name>UploadPage</name>
    <message>
        <source>Uploading</source>
        <translation>Inapakia</translation>
    </message>
    <message>
        <source>1. Sending the file</source>
        <translation>1. Inatuma faili</translation>
    </message>
    <message>
        <source>2. The service adds the contacts</source>
        <translation>2. Mtoa huduma anaongeza anwani</translation>
    </message>
    <message>
        <source>You can keep working in the other tabs meanwhile. Cancel stops the waiting; what the service already received may still be added.</source>
        <translation>Unaweza kuendelea kufanya kazi kwenye vichupo vingine wakati huu. Ghairi inasimamisha kusubiri; kile ambacho mtoa huduma amekwisha kupokea bado kinaweza kuongezwa.</translation>
    </message>
</context>
<context>
    <name>WhatsAppPanel</name>
    <message>
        <source>WhatsApp template</source>
        <translation>Kiolezo cha WhatsApp</translation>
    </message>
    <message>
        <source>Send one of your approved WhatsApp templates to a customer who has agreed (opted in) to get WhatsApp messages from you.</source>
        <translation>Tuma mojawapo ya violezo vyako vya WhatsApp vilivyoidhinishwa kwa mteja aliyekubali (kujiunga) kupata jumbe za WhatsApp kutoka kwako.</translation>
    </message>
    <message>
        <source>Template name, e.g. order_ready</source>
        <translation>Jina la kiolezo, k.m. order_ready</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>Kiolezo</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Lugha</translation>
    </message>
    <message>
        <source>Customer&apos;s number, e.g. 0712 345 678</source>
        <translation>Namba ya mteja, k.m. 0712 345 678</translation>
    </message>
    <message>
        <source>Customer</source>
        <translation>Mteja</translation>
    </message>
    <message>
        <source>Send WhatsApp template</source>
        <translation>Tuma kiolezo cha WhatsApp</translation>
    </message>
    <message>
        <source>Good to know</source>
        <translation>Vizuri kujua</translation>
    </message>
    <message>
        <source>Only templates your provider has approved can be sent.</source>
        <translation>Ni violezo vilivyoidhinishwa na mtoa huduma wako pekee vinavyoweza kutumwa.</translation>
    </message>
    <message>
        <source>The customer must have opted in to WhatsApp messages from your business, for example by messaging you first.</source>
        <translation>Mteja lazima awe amekubali kupata jumbe za WhatsApp kutoka kwa biashara yako, kwa mfano kwa kukutumia ujumbe kwanza.</translation>
    </message>
    <message>
        <source>Choose the language the template was approved in.</source>
        <translation>Chagua lugha ambayo kiolezo kiliidhinishwa kwayo.</translation>
    </message>
    <message>
        <source>Nothing is charged when a template is refused.</source>
        <translation>Hakuna malipo kiolezo kikikataliwa.</translation>
    </message>
    <message>
        <source>Not a valid number: {reason}</source>
        <translation>Si namba sahihi: {reason}</translation>
    </message>
    <message>
        <source>Will be sent to {phone}</source>
        <translation>Itatumwa kwa {phone}</translation>
    </message>
    <message>
        <source>Type the name of the template to send.</source>
        <translation>Andika jina la kiolezo cha kutuma.</translation>
    </message>
    <message>
        <source>Correct the customer&apos;s number to send.</source>
        <translation>Sahihisha namba ya simu ya mteja ili kutuma.</translation>
    </message>
    <message>
        <source>Type the customer&apos;s number.</source>
        <translation>Andika namba ya simu ya mteja.</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Inatuma…</translation>
    </message>
    <message>
        <source>Sent. WhatsApp will deliver it shortly (reference {id}).</source>
        <translation>Imetumwa. WhatsApp itaufikisha hivi punde (kumbukumbu {id}).</translation>
    </message>
</context>
<context>
    <name>Words</name>
    <message numerus="yes">
        <source>%Ln credit(s)</source>
        <translation>
            <numerusform>krediti %Ln</numerusform>
            <numerusform>krediti %Ln</numerusform>
        </translation>
    </message>
    <message>
        <source>{n} credits</source>
        <translation>krediti {n}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln recipient(s)</source>
        <translation>
            <numerusform>mpokeaji %Ln</numerusform>
            <numerusform>wapokeaji %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln person(s)</source>
        <translation>
            <numerusform>mtu %Ln</numerusform>
            <numerusform>watu %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln more person(s) got it too, but Tuma could not save that yet. It saves it once it can, and never sends it to them twice.</source>
        <translation>
            <numerusform>Mtu %Ln zaidi ameupata pia, lakini Tuma haijaweza kuhifadhi hilo bado. Italihifadhi itakapoweza, na haitamtumia mara mbili kamwe.</numerusform>
            <numerusform>Watu %Ln zaidi wameupata pia, lakini Tuma haijaweza kuhifadhi hilo bado. Italihifadhi itakapoweza, na haitawatumia mara mbili kamwe.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln part(s)</source>
        <translation>
            <numerusform>sehemu %Ln</numerusform>
            <numerusform>sehemu %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln character(s)</source>
        <translation>
            <numerusform>herufi %Ln</numerusform>
            <numerusform>herufi %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln number(s)</source>
        <translation>
            <numerusform>namba %Ln</numerusform>
            <numerusform>namba %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln contact(s)</source>
        <translation>
            <numerusform>anwani %Ln</numerusform>
            <numerusform>anwani %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln round(s)</source>
        <translation>
            <numerusform>awamu %Ln</numerusform>
            <numerusform>awamu %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln number(s) are not valid</source>
        <translation>
            <numerusform>namba %Ln si sahihi</numerusform>
            <numerusform>namba %Ln si sahihi</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln duplicate(s) removed</source>
        <translation>
            <numerusform>namba %Ln iliyojirudia imeondolewa</numerusform>
            <numerusform>namba %Ln zilizojirudia zimeondolewa</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln name(s) or word(s) left out</source>
        <translation>
            <numerusform>jina au neno %Ln limeachwa</numerusform>
            <numerusform>majina au maneno %Ln yameachwa</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln second(s)</source>
        <translation>
            <numerusform>sekunde %Ln</numerusform>
            <numerusform>sekunde %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>about %Ln minute(s)</source>
        <translation>
            <numerusform>takriban dakika %Ln</numerusform>
            <numerusform>takriban dakika %Ln</numerusform>
        </translation>
    </message>
    <message>
        <source>The phone number is empty</source>
        <translation>Namba ya simu haijaandikwa</translation>
    </message>
    <message>
        <source>{} is too short for a Kenyan mobile number</source>
        <translation>{} ni fupi mno kwa namba ya simu ya Kenya</translation>
    </message>
    <message>
        <source>{} is too long for a Kenyan mobile number</source>
        <translation>{} ni ndefu mno kwa namba ya simu ya Kenya</translation>
    </message>
    <message>
        <source>{} does not start with a known country code</source>
        <translation>{} haianzi na msimbo wa nchi unaojulikana</translation>
    </message>
    <message>
        <source>{} needs a country code (for example +254)</source>
        <translation>{} inahitaji msimbo wa nchi (kwa mfano +254)</translation>
    </message>
    <message>
        <source>{} is too short to be a phone number</source>
        <translation>{} ni fupi mno kuwa namba ya simu</translation>
    </message>
    <message>
        <source>{} is too long to be a phone number</source>
        <translation>{} ni ndefu mno kuwa namba ya simu</translation>
    </message>
    <message>
        <source>“{}” is not a phone number</source>
        <translation>“{}” si namba ya simu</translation>
    </message>
    <message>
        <source>“{}” is not a phone number: it contains “{}”</source>
        <translation>“{}” si namba ya simu: ina “{}”</translation>
    </message>
    <message>
        <source>“{}” is not a phone number: “+” can only come first</source>
        <translation>“{}” si namba ya simu: “+” inaweza kuwa mwanzoni tu</translation>
    </message>
    <message>
        <source>{} is not a valid number</source>
        <translation>{} si namba sahihi</translation>
    </message>
    <message>
        <source>Web address</source>
        <translation>Anwani ya tovuti</translation>
    </message>
    <message>
        <source>Contacts address</source>
        <translation>Tovuti ya orodha ya anwani</translation>
    </message>
    <message>
        <source>Account name</source>
        <translation>Jina la akaunti</translation>
    </message>
    <message>
        <source>Sender names</source>
        <translation>Majina ya mtumaji</translation>
    </message>
    <message>
        <source>Price per SMS part</source>
        <translation>Bei kwa sehemu ya SMS</translation>
    </message>
    <message>
        <source>Recipients per round</source>
        <translation>Wapokeaji kwa kila awamu</translation>
    </message>
    <message>
        <source>Low-balance warning</source>
        <translation>Onyo la salio la chini</translation>
    </message>
    <message>
        <source>Enter the web address, for example https://api.example.co.ke.</source>
        <translation>Weka anwani ya tovuti, kwa mfano https://api.example.co.ke.</translation>
    </message>
    <message>
        <source>{value} is not a valid web address.</source>
        <translation>{value} si anwani sahihi ya tovuti.</translation>
    </message>
    <message>
        <source>{value} is not a web address: it must start with https:// (for example https://api.example.co.ke).</source>
        <translation>{value} si anwani ya tovuti: lazima ianze na https:// (kwa mfano https://api.example.co.ke).</translation>
    </message>
    <message>
        <source>{value} has no server name after the “//”.</source>
        <translation>{value} haina jina la seva baada ya “//”.</translation>
    </message>
    <message>
        <source>{value} is not a valid web address: the server name may hold only letters, digits, dots and dashes (for example https://api.example.co.ke).</source>
        <translation>{value} si anwani sahihi ya tovuti: jina la seva linaweza kuwa na herufi, tarakimu, nukta na vistari tu (kwa mfano https://api.example.co.ke).</translation>
    </message>
    <message>
        <source>The address must not contain a user name or password; the key is entered separately and kept in the computer&apos;s password store.</source>
        <translation>Anwani isiwe na jina la mtumiaji wala nenosiri; ufunguo unawekwa peke yake na kuhifadhiwa kwenye hifadhi ya nenosiri ya kompyuta.</translation>
    </message>
    <message>
        <source>The address must not contain a query (?…) or fragment (#…); enter only the web address.</source>
        <translation>Anwani isiwe na swali (?…) wala kipande (#…); weka anwani ya tovuti pekee.</translation>
    </message>
    <message>
        <source>{value} uses plain http, which would send your key unencrypted. Use https:// (plain http is allowed only for a service on this computer, such as the practice service).</source>
        <translation>{value} inatumia http ya kawaida, ambayo ingetuma ufunguo wako bila kuusimba. Tumia https:// (http ya kawaida inaruhusiwa tu kwa huduma iliyo kwenye kompyuta hii, kama huduma ya mazoezi).</translation>
    </message>
    <message>
        <source>Give the account a name, for example the shop&apos;s name.</source>
        <translation>Ipe akaunti jina, kwa mfano jina la duka.</translation>
    </message>
    <message>
        <source>Two accounts are called {value}: rename one.</source>
        <translation>Akaunti mbili zinaitwa {value}: badilisha jina la moja.</translation>
    </message>
    <message>
        <source>This computer already has an account called {value}: choose another name.</source>
        <translation>Kompyuta hii tayari ina akaunti inayoitwa {value}: chagua jina lingine.</translation>
    </message>
    <message>
        <source>Sender names must be text.</source>
        <translation>Majina ya mtumaji lazima yawe maandishi.</translation>
    </message>
    <message>
        <source>Recipients per round must be a whole number.</source>
        <translation>Wapokeaji kwa kila awamu lazima wawe namba kamili.</translation>
    </message>
    <message>
        <source>Recipients per round must be between 1 and {most} (it is {value}).</source>
        <translation>Wapokeaji kwa kila awamu lazima wawe kati ya 1 na {most} (sasa ni {value}).</translation>
    </message>
    <message>
        <source>The price per SMS part must be a number of shillings.</source>
        <translation>Bei kwa sehemu ya SMS lazima iwe kiasi cha shilingi.</translation>
    </message>
    <message>
        <source>The price per SMS part must be zero or more shillings.</source>
        <translation>Bei kwa sehemu ya SMS lazima iwe shilingi sifuri au zaidi.</translation>
    </message>
    <message>
        <source>The low-balance warning must be a whole number of credits, 0 or more.</source>
        <translation>Onyo la salio la chini lazima liwe idadi kamili ya krediti, 0 au zaidi.</translation>
    </message>
    <message>
        <source>The repeat-send check must cover between 1 and 720 hours.</source>
        <translation>Ukaguzi wa kutuma mara mbili lazima uwe kati ya saa 1 na 720.</translation>
    </message>
    <message>
        <source>A setting that should be text holds something else.</source>
        <translation>Mpangilio ambao unapaswa kuwa maandishi una kitu kingine.</translation>
    </message>
    <message>
        <source>The saved settings are damaged.</source>
        <translation>Mipangilio iliyohifadhiwa imeharibika.</translation>
    </message>
    <message>
        <source>{field}: {problem}</source>
        <translation>{field}: {problem}</translation>
    </message>
    <message>
        <source>Your settings could not be read</source>
        <translation>Mipangilio yako haikuweza kusomwa</translation>
    </message>
    <message>
        <source>The settings file was damaged, so Tuma started with default settings. The old file was kept as {name}. Connect your account again from the Account menu.</source>
        <translation>Faili ya mipangilio ilikuwa imeharibika, kwa hiyo Tuma imeanza na mipangilio ya kawaida. Faili ya zamani imewekwa kama {name}. Unganisha akaunti yako tena kutoka kwenye menyu ya Akaunti.</translation>
    </message>
    <message>
        <source>Tuma keeps your key in Windows Credential Manager. Make sure the Credential Manager service is running, then try again.</source>
        <translation>Tuma inaweka ufunguo wako kwenye Windows Credential Manager. Hakikisha huduma ya Credential Manager inafanya kazi, kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>Tuma keeps your key in the macOS Keychain. Unlock your login keychain in Keychain Access, then try again.</source>
        <translation>Tuma inaweka ufunguo wako kwenye macOS Keychain. Fungua login keychain yako kwenye Keychain Access, kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>Tuma keeps your key in the computer&apos;s password store and never in a plain file. Install and start a Secret Service provider: GNOME Keyring (package gnome-keyring), KeePassXC with Secret Service integration turned on, or KWallet (package kwalletmanager), then sign in to your desktop session again and retry.</source>
        <translation>Tuma inaweka ufunguo wako kwenye hifadhi ya nenosiri ya kompyuta, kamwe si kwenye faili ya kawaida. Sakinisha na uanzishe huduma ya Secret Service: GNOME Keyring (kifurushi gnome-keyring), KeePassXC ikiwa Secret Service imewashwa, au KWallet (kifurushi kwalletmanager), kisha uingie tena kwenye kompyuta na ujaribu tena.</translation>
    </message>
    <message>
        <source>Your secret key could not be saved.</source>
        <translation>Ufunguo wako wa siri haukuweza kuhifadhiwa.</translation>
    </message>
    <message>
        <source>Your secret key could not be read.</source>
        <translation>Ufunguo wako wa siri haukuweza kusomwa.</translation>
    </message>
    <message>
        <source>Your secret key could not be deleted.</source>
        <translation>Ufunguo wako wa siri haukuweza kufutwa.</translation>
    </message>
    <message>
        <source>Your secret key could not be used.</source>
        <translation>Ufunguo wako wa siri haukuweza kutumika.</translation>
    </message>
    <message>
        <source>The account needs a name before its key can be stored.</source>
        <translation>Akaunti inahitaji jina kabla ufunguo wake haujahifadhiwa.</translation>
    </message>
    <message>
        <source>The key is empty: paste the secret key from your account portal.</source>
        <translation>Ufunguo ni mtupu: bandika ufunguo wa siri kutoka kwenye tovuti ya akaunti yako.</translation>
    </message>
    <message>
        <source>No password store is available on this computer.</source>
        <translation>Hakuna hifadhi ya nenosiri kwenye kompyuta hii.</translation>
    </message>
    <message>
        <source>The computer&apos;s password store is locked. Unlock it (it usually asks for your login password) and try again.</source>
        <translation>Hifadhi ya nenosiri ya kompyuta imefungwa. Ifungue (kwa kawaida inauliza nenosiri lako la kuingia) kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>The computer&apos;s password store did not work.</source>
        <translation>Hifadhi ya nenosiri ya kompyuta haikufanya kazi.</translation>
    </message>
    <message>
        <source>The computer&apos;s password store did not answer within {seconds}. It may be locked and waiting for a password prompt, or its service may have hung: unlock or restart it and try again.</source>
        <translation>Hifadhi ya nenosiri ya kompyuta haikujibu ndani ya {seconds}. Huenda imefungwa na inasubiri nenosiri, au huduma yake imekwama: ifungue au uianzishe upya kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>The computer&apos;s password store failed unexpectedly. Restart the password store service or your desktop session and try again.</source>
        <translation>Hifadhi ya nenosiri ya kompyuta imeshindwa ghafla. Anzisha upya huduma ya hifadhi ya nenosiri au uingie tena kwenye kompyuta, kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>Paste the secret key from your provider&apos;s portal.</source>
        <translation>Bandika ufunguo wa siri kutoka kwenye tovuti ya mtoa huduma wako.</translation>
    </message>
    <message>
        <source>No secret key is saved for “{name}” on this computer. Paste it again.</source>
        <translation>Hakuna ufunguo wa siri uliohifadhiwa kwa “{name}” kwenye kompyuta hii. Ubandike tena.</translation>
    </message>
    <message>
        <source>This is an e-mail address, not the secret key. In your provider&apos;s portal, copy the key itself (a long line of letters and numbers, e.g. mbs_…).</source>
        <translation>Hii ni anwani ya barua pepe, si ufunguo wa siri. Kwenye tovuti ya mtoa huduma wako, nakili ufunguo wenyewe (mstari mrefu wa herufi na nambari, k.m. mbs_…).</translation>
    </message>
    <message>
        <source>This is a web address, not the secret key. Open it in your web browser, then copy the key shown there (a long line of letters and numbers, e.g. mbs_…).</source>
        <translation>Hii ni anwani ya tovuti, si ufunguo wa siri. Ifungue kwenye kivinjari chako, kisha nakili ufunguo ulioonyeshwa hapo (mstari mrefu wa herufi na nambari, k.m. mbs_…).</translation>
    </message>
    <message>
        <source>The key works at the Web address, but the Contacts address did not answer as your provider&apos;s contacts service. Check the Contacts address (copy it again from your provider), or leave it empty to use the Web address, then test again.</source>
        <translation>Ufunguo unafanya kazi kwenye anwani ya tovuti, lakini tovuti ya orodha ya anwani haikujibu kama huduma ya anwani ya mtoa huduma wako. Angalia tovuti ya orodha ya anwani (inakili tena kutoka kwa mtoa huduma wako), au iache tupu ili kutumia anwani ya tovuti, kisha jaribu tena.</translation>
    </message>
    <message>
        <source>There is no saved account called “{name}”.</source>
        <translation>Hakuna akaunti iliyohifadhiwa inayoitwa “{name}”.</translation>
    </message>
    <message>
        <source>A web page came back instead of the service&apos;s reply to this part, so it may or may not have gone out. Your internet may need attention (data bundle used up, or Wi-Fi asking you to sign in).</source>
        <translation>Ukurasa wa wavuti ulirudi badala ya jibu la huduma kuhusu sehemu hii, kwa hiyo huenda imetoka au haijatoka. Huenda intaneti yako inahitaji kuangaliwa (bando la data limeisha, au Wi-Fi inakuomba uingie).</translation>
    </message>
    <message>
        <source>The service refused it: “{words}”</source>
        <translation>Huduma imeikataa: “{words}”</translation>
    </message>
    <message>
        <source>The service refused it.</source>
        <translation>Huduma imeikataa.</translation>
    </message>
    <message>
        <source>Tuma stopped while this part was being sent, so it may or may not have gone out.</source>
        <translation>Tuma ilisimama wakati sehemu hii ikitumwa, kwa hiyo huenda imetoka au haijatoka.</translation>
    </message>
    <message>
        <source>Sending was stopped while this part was on its way, so it may or may not have gone out.</source>
        <translation>Utumaji ulisimamishwa wakati sehemu hii ikiwa njiani, kwa hiyo huenda imetoka au haijatoka.</translation>
    </message>
    <message>
        <source>The connection was lost after the message was handed over, so we cannot tell whether it was sent.</source>
        <translation>Muunganisho ulikatika baada ya ujumbe kukabidhiwa, kwa hiyo hatujui kama ulitumwa.</translation>
    </message>
    <message>
        <source>The service&apos;s reply to this part could not be read, so it may or may not have gone out.</source>
        <translation>Jibu la huduma kuhusu sehemu hii halikuweza kusomwa, kwa hiyo huenda imetoka au haijatoka.</translation>
    </message>
    <message>
        <source>Tuma hit an unexpected problem while sending this part ({kind}).</source>
        <translation>Tuma ilipata tatizo lisilotarajiwa ikituma sehemu hii ({kind}).</translation>
    </message>
    <message>
        <source>Marked as sent by you.</source>
        <translation>Umeiwekea alama kuwa imetumwa.</translation>
    </message>
    <message>
        <source>Give the group a name.</source>
        <translation>Kipe kikundi jina.</translation>
    </message>
    <message>
        <source>A group called “{name}” already exists.</source>
        <translation>Kikundi kinachoitwa “{name}” tayari kipo.</translation>
    </message>
    <message>
        <source>That group no longer exists.</source>
        <translation>Kikundi hicho hakipo tena.</translation>
    </message>
    <message>
        <source>Tuma&apos;s records are closed (the app is shutting down).</source>
        <translation>Kumbukumbu za Tuma zimefungwa (programu inajifunga).</translation>
    </message>
    <message>
        <source>Tuma&apos;s records were written by a newer version of Tuma; update the app.</source>
        <translation>Kumbukumbu za Tuma ziliandikwa na toleo jipya zaidi la Tuma; sasisha programu.</translation>
    </message>
    <message>
        <source>Tuma&apos;s records file is damaged and cannot be read; nothing in it was changed. To start again with empty records, move the file {path} to another folder (keep it: support may be able to recover it), then open Tuma again.</source>
        <translation>Faili ya kumbukumbu za Tuma imeharibika na haiwezi kusomwa; hakuna kilichobadilishwa ndani yake. Ili kuanza upya na kumbukumbu tupu, hamisha faili {path} kwenda folda nyingine (iweke: huduma kwa wateja huenda wakaweza kuirejesha), kisha fungua Tuma tena.</translation>
    </message>
    <message>
        <source>Tuma&apos;s records file {path} could not be opened (the computer said: {reason}). Close any other program using it, check there is free disk space, then open Tuma again.</source>
        <translation>Faili ya kumbukumbu za Tuma {path} haikuweza kufunguliwa (kompyuta imesema: {reason}). Funga programu nyingine yoyote inayoitumia, hakikisha kuna nafasi kwenye diski, kisha fungua Tuma tena.</translation>
    </message>
    <message>
        <source>Tuma keeps its records in the folder {path}, but could not make it there (the computer said: {reason}). If a file has that name, rename it; if the folder belongs to another user, ask whoever looks after this computer to give it back to you. Then open Tuma again.</source>
        <translation>Tuma huweka kumbukumbu zake kwenye folda {path}, lakini haikuweza kuiunda hapo (kompyuta imesema: {reason}). Kama kuna faili yenye jina hilo, ibadilishe jina; kama folda ni ya mtumiaji mwingine, muombe anayeshughulikia kompyuta hii akurudishie. Kisha fungua Tuma tena.</translation>
    </message>
    <message>
        <source>This computer&apos;s disk is full, so Tuma could not save its records. Free some space (delete files you no longer need, then empty the Recycle Bin), then try again.</source>
        <translation>Diski ya kompyuta hii imejaa, kwa hiyo Tuma imeshindwa kuhifadhi kumbukumbu zake. Ongeza nafasi (futa faili usizohitaji tena, kisha safisha Recycle Bin), kisha jaribu tena.</translation>
    </message>
    <message>
        <source>Tuma could not save its records in {path} (the computer said: {reason}). Check there is free disk space and that no other program is using the file, then try again.</source>
        <translation>Tuma imeshindwa kuhifadhi kumbukumbu zake katika {path} (kompyuta imesema: {reason}). Hakikisha kuna nafasi kwenye diski na kwamba hakuna programu nyingine inayotumia faili hiyo, kisha jaribu tena.</translation>
    </message>
    <message>
        <source>That record no longer exists.</source>
        <translation>Kumbukumbu hiyo haipo tena.</translation>
    </message>
    <message>
        <source>That round has already been dealt with (perhaps in another Tuma window).</source>
        <translation>Awamu hiyo tayari imeshughulikiwa (labda kwenye dirisha jingine la Tuma).</translation>
    </message>
    <message>
        <source>Add at least one recipient.</source>
        <translation>Ongeza angalau mpokeaji mmoja.</translation>
    </message>
    <message>
        <source>Choose a sender name.</source>
        <translation>Chagua jina la mtumaji.</translation>
    </message>
    <message>
        <source>Recipients per round must be between 1 and {most}.</source>
        <translation>Wapokeaji kwa kila awamu lazima wawe kati ya 1 na {most}.</translation>
    </message>
    <message>
        <source>The message is empty.</source>
        <translation>Ujumbe hauna maandishi.</translation>
    </message>
    <message>
        <source>This kind of send cannot be sent in rounds.</source>
        <translation>Aina hii ya utumaji haiwezi kutumwa kwa awamu.</translation>
    </message>
    <message>
        <source>The service did not give this send a reference.</source>
        <translation>Huduma haikuupa utumaji huu namba ya kumbukumbu.</translation>
    </message>
    <message>
        <source>Give the template a name.</source>
        <translation>Kipe kiolezo jina.</translation>
    </message>
    <message>
        <source>A template called “{name}” already exists.</source>
        <translation>Kiolezo kinachoitwa “{name}” tayari kipo.</translation>
    </message>
    <message>
        <source>The service is slow to answer (try {attempt} of {attempts}). Still waiting… (you can keep working)</source>
        <translation>Huduma inachelewa kujibu (jaribio {attempt} kati ya {attempts}). Bado inasubiri… (unaweza kuendelea na kazi)</translation>
    </message>
    <message>
        <source>The service is slow to answer (try {attempt} of {attempts}). Still waiting…</source>
        <translation>Huduma inachelewa kujibu (jaribio {attempt} kati ya {attempts}). Bado inasubiri…</translation>
    </message>
    <message>
        <source>The service is slow to answer. Still waiting… (you can keep working)</source>
        <translation>Huduma inachelewa kujibu. Bado inasubiri… (unaweza kuendelea na kazi)</translation>
    </message>
    <message>
        <source>The service is slow to answer. Still waiting…</source>
        <translation>Huduma inachelewa kujibu. Bado inasubiri…</translation>
    </message>
    <message>
        <source>The service is busy: trying again (try {attempt} of {attempts})…</source>
        <translation>Huduma ina shughuli nyingi: inajaribu tena (jaribio {attempt} kati ya {attempts})…</translation>
    </message>
    <message>
        <source>The service has not answered yet: asking again (try {attempt} of {attempts})…</source>
        <translation>Huduma bado haijajibu: inauliza tena (jaribio {attempt} kati ya {attempts})…</translation>
    </message>
    <message>
        <source>Still trying to reach the service (try {attempt} of {attempts})…</source>
        <translation>Bado inajaribu kufikia huduma (jaribio {attempt} kati ya {attempts})…</translation>
    </message>
</context>
<context>
    <name>_BroadcastCard</name>
    <message>
        <source>From {sender}, started {when}</source>
        <translation>Kutoka {sender}, ulianza {when}</translation>
    </message>
    <message>
        <source>{accepted} received it · {pending} never sent · {doubt} unknown</source>
        <translation>Wameupata: {accepted} · Hawajatumiwa: {pending} · Haijulikani: {doubt}</translation>
    </message>
    <message>
        <source>Outcome unknown for {people}: {phones}.
{reason}</source>
        <translation>Matokeo hayajulikani kwa {people}: {phones}.
{reason}</translation>
    </message>
    <message>
        <source>They got it</source>
        <translation>Wameupata</translation>
    </message>
    <message>
        <source>Count this round as sent (check the Delivery tab or ask a customer).</source>
        <translation>Hesabu awamu hii kuwa imetumwa (angalia kichupo cha Ufikishaji au muulize mteja).</translation>
    </message>
    <message>
        <source>Send again</source>
        <translation>Tuma tena</translation>
    </message>
    <message>
        <source>Add this round back to the messages to send; some people may get it twice.</source>
        <translation>Rudisha awamu hii kwenye jumbe za kutuma; baadhi ya watu huenda wakaupata mara mbili.</translation>
    </message>
    <message>
        <source>Don&apos;t send the rest</source>
        <translation>Usitume zilizobaki</translation>
    </message>
    <message>
        <source>Send to the remaining {n}</source>
        <translation>Tuma kwa {n} waliobaki</translation>
    </message>
</context>
<context>
    <name>_ChannelPanel</name>
    <message>
        <source>Not sent: everyone here is on your opt-out list, so they get no promotions. Choose “Service message” at the top if this is not a promotion.</source>
        <extracomment>[SentMessage] of an accepted send, once recorded in the outbox (for the Delivery tab) The confirmation while it is open (tests and quitting look at it). The kind of message chosen on the tab (promotions skip the opt-out list). How many numbers the last send left out as opted out of promotions. The account whose typing the page shows, and the others&apos; typing, kept for when they are opened again (in memory, for this run of Tuma).</extracomment>
        <translation>Haukutumwa: wote hapa wako kwenye orodha ya waliojiondoa, kwa hiyo hawapati matangazo. Chagua “Ujumbe wa huduma” juu kama huu si tangazo.</translation>
    </message>
</context>
<context>
    <name>_Counted</name>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>dakika %n</numerusform>
            <numerusform>dakika %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation>
            <numerusform>saa %n</numerusform>
            <numerusform>saa %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation>
            <numerusform>siku %n</numerusform>
            <numerusform>siku %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln customer(s) on your opt-out list will not get this promotion.</source>
        <translation>
            <numerusform>Mteja %Ln aliye kwenye orodha ya waliojiondoa hatapata tangazo hili.</numerusform>
            <numerusform>Wateja %Ln walio kwenye orodha ya waliojiondoa hawatapata tangazo hili.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>_Page</name>
    <message>
        <source>Cancel</source>
        <translation>Ghairi</translation>
    </message>
</context>
<context>
    <name>_ProblemsPage</name>
    <message>
        <source>Rows that will not be imported</source>
        <translation>Safu ambazo hazitaingizwa</translation>
    </message>
    <message>
        <source>Export problem rows…</source>
        <translation>Hamisha safu zenye tatizo…</translation>
    </message>
    <message>
        <source>Every row can be imported.</source>
        <translation>Kila safu inaweza kuingizwa.</translation>
    </message>
</context>
<context>
    <name>_UnavailableTab</name>
    <message>
        <source>“{tab}” is not available in this installation of Tuma.</source>
        <extracomment>The most the status bar gives an account&apos;s name (pixels): beside &quot;Offline&quot; and the balance it still fits the least window (800 px).</extracomment>
        <translation>“{tab}” hakipatikani katika usakinishaji huu wa Tuma.</translation>
    </message>
</context>
<context>
    <name>context</name>
    <message>
        <source>Practice account</source>
        <translation>Akaunti ya mazoezi</translation>
    </message>
</context>
<context>
    <name>errors</name>
    <message>
        <source>sending SMS</source>
        <translation>kutuma SMS</translation>
    </message>
    <message>
        <source>contacts</source>
        <translation>anwani</translation>
    </message>
    <message>
        <source>WhatsApp messages</source>
        <translation>jumbe za WhatsApp</translation>
    </message>
    <message>
        <source>surveys</source>
        <translation>tafiti</translation>
    </message>
    <message>
        <source>this feature</source>
        <translation>huduma hii</translation>
    </message>
    <message>
        <source>a minute</source>
        <translation>dakika moja</translation>
    </message>
    <message>
        <source>The secret key is empty or contains characters a key cannot have. Copy it again from the portal, then connect your account again.</source>
        <translation>Ufunguo wa siri ni mtupu au una herufi ambazo ufunguo hauwezi kuwa nazo. Unakili tena kutoka kwenye tovuti, kisha uunganishe akaunti yako tena.</translation>
    </message>
    <message>
        <source>Your secret key was not accepted (it may have expired or been revoked). Connect your account again with a new key.</source>
        <translation>Ufunguo wako wa siri haukukubaliwa (huenda muda wake umekwisha au umefutwa). Unganisha akaunti yako tena kwa ufunguo mpya.</translation>
    </message>
    <message>
        <source>Your secret key does not have the “{permission}” permission. Ask your provider for a key that includes it, then connect again from the Account menu.</source>
        <translation>Ufunguo wako wa siri hauna ruhusa ya “{permission}”. Omba mtoa huduma wako ufunguo wenye ruhusa hiyo, kisha uunganishe tena kutoka kwenye menyu ya Akaunti.</translation>
    </message>
    <message>
        <source>Your balance is too low for this send. Top up your account, then try again.</source>
        <translation>Salio lako ni dogo mno kwa utumaji huu. Ongeza salio kwenye akaunti yako, kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>Your account is not allowed to send as “{sender}”. Choose one of your own sender names (or the shared one) and try again.</source>
        <translation>Akaunti yako hairuhusiwi kutuma kama “{sender}”. Chagua mojawapo ya majina yako ya mtumaji (au lile la pamoja) kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>Your account is not allowed to send as this sender name. Choose one of your own sender names (or the shared one) and try again.</source>
        <translation>Akaunti yako hairuhusiwi kutuma kwa jina hili la mtumaji. Chagua mojawapo ya majina yako ya mtumaji (au lile la pamoja) kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>The messaging service is busy and asked us to slow down. Wait {wait}, then try again.</source>
        <translation>Huduma ya ujumbe ina shughuli nyingi na imetuomba tupunguze kasi. Subiri {wait}, kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>The messaging service had a problem on its side. Wait a minute, then try again.</source>
        <translation>Huduma ya ujumbe ilipata tatizo upande wake. Subiri dakika moja, kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>Tuma could not make a secure connection to the messaging service: its security certificate is not valid on this computer&apos;s date, {date}. If that date is wrong, set the right date and time, then try again. If it is right, tell your provider.</source>
        <translation>Tuma imeshindwa kuunganisha kwa usalama na huduma ya ujumbe: cheti chake cha usalama si halali kwa tarehe ya kompyuta hii, {date}. Kama tarehe hiyo si sahihi, weka tarehe na saa sahihi, kisha ujaribu tena. Kama ni sahihi, mjulishe mtoa huduma wako.</translation>
    </message>
    <message>
        <source>Tuma could not make a secure connection to the messaging service: something else answered in its place. A Wi-Fi that wants you to sign in, or a used-up data bundle, does this: open a web browser to check, then try again.</source>
        <translation>Tuma imeshindwa kuunganisha kwa usalama na huduma ya ujumbe: kitu kingine kilijibu badala yake. Wi-Fi inayokuomba uingie, au bando la data lililoisha, hufanya hivi: fungua kivinjari uangalie, kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>Could not reach the messaging service. Check your internet connection, then try again.</source>
        <translation>Imeshindwa kufikia huduma ya ujumbe. Kagua intaneti yako, kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>The connection was lost before the service confirmed the change, so we cannot tell whether it was saved. Refresh the contacts list to check, then try again if needed.</source>
        <translation>Muunganisho ulikatika kabla huduma haijathibitisha mabadiliko, kwa hiyo hatujui kama yalihifadhiwa. Sasisha orodha ya anwani ili uangalie, kisha ujaribu tena ikihitajika.</translation>
    </message>
    <message>
        <source>The connection was lost after the file was sent, so we cannot tell whether the import started. Check the list of imports before uploading the file again.</source>
        <translation>Muunganisho ulikatika baada ya faili kutumwa, kwa hiyo hatujui kama uingizaji ulianza. Angalia orodha ya uingizaji kabla ya kupakia faili tena.</translation>
    </message>
    <message>
        <source>A web page came back instead of the messaging service&apos;s reply, so we cannot tell whether the message was sent. Your internet may need attention (data bundle used up, or Wi-Fi asking you to sign in): open a web browser to check. Then check the delivery report before sending again, so customers do not get it twice.</source>
        <translation>Ukurasa wa wavuti ulirudi badala ya jibu la huduma ya ujumbe, kwa hiyo hatujui kama ujumbe ulitumwa. Huenda intaneti yako inahitaji kuangaliwa (bando la data limeisha, au Wi-Fi inakuomba uingie): fungua kivinjari uangalie. Kisha angalia ripoti ya ufikishaji kabla ya kutuma tena, ili wateja wasiupate mara mbili.</translation>
    </message>
    <message>
        <source>The messaging service&apos;s reply could not be understood, so we cannot tell whether the message was sent. Check the delivery report before sending again, so customers do not get it twice.</source>
        <translation>Jibu la huduma ya ujumbe halikueleweka, kwa hiyo hatujui kama ujumbe ulitumwa. Angalia ripoti ya ufikishaji kabla ya kutuma tena, ili wateja wasiupate mara mbili.</translation>
    </message>
    <message>
        <source>The connection was lost after the message was handed over, so we cannot tell whether it was sent. Check the delivery report before sending again, so customers do not get it twice.</source>
        <translation>Muunganisho ulikatika baada ya ujumbe kukabidhiwa, kwa hiyo hatujui kama ulitumwa. Angalia ripoti ya ufikishaji kabla ya kutuma tena, ili wateja wasiupate mara mbili.</translation>
    </message>
    <message>
        <source>A web page came back instead of the messaging service&apos;s reply. Your internet may need attention: the data bundle may be used up, or the Wi-Fi may be asking you to sign in. Open a web browser to check, then try again.</source>
        <translation>Ukurasa wa wavuti ulirudi badala ya jibu la huduma ya ujumbe. Huenda intaneti yako inahitaji kuangaliwa: bando la data huenda limeisha, au Wi-Fi huenda inakuomba uingie. Fungua kivinjari uangalie, kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>The messaging service sent a reply this app could not understand. Try again later; if it keeps happening, contact support.</source>
        <translation>Huduma ya ujumbe ilituma jibu ambalo programu hii haikuelewa. Jaribu tena baadaye; likiendelea kutokea, wasiliana na huduma kwa wateja.</translation>
    </message>
    <message>
        <source>That contacts import could not be found. Start the import again.</source>
        <translation>Uingizaji huo wa anwani haukupatikana. Anza kuingiza tena.</translation>
    </message>
    <message>
        <source>That contact could not be found; it may have been deleted. Refresh the list, then try again.</source>
        <translation>Anwani hiyo haikupatikana; huenda imefutwa. Sasisha orodha, kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>A contact with this phone number already exists. Search for it and edit it instead.</source>
        <translation>Anwani yenye namba hii ya simu tayari ipo. Itafute na uihariri badala yake.</translation>
    </message>
    <message>
        <source>The contacts import is taking longer than expected. It may still finish: check the import list again in a few minutes.</source>
        <translation>Uingizaji wa anwani unachukua muda mrefu kuliko ilivyotarajiwa. Huenda bado ukakamilika: angalia orodha ya uingizaji tena baada ya dakika chache.</translation>
    </message>
    <message>
        <source>The messaging service refused the request, saying: “{message}”. Check the details, then try again; if it keeps happening, contact support.</source>
        <translation>Huduma ya ujumbe imekataa ombi, ikisema: “{message}”. Kagua maelezo, kisha ujaribu tena; likiendelea kutokea, wasiliana na huduma kwa wateja.</translation>
    </message>
    <message>
        <source>Something went wrong while talking to the messaging service. Try again in a moment.</source>
        <translation>Kuna hitilafu wakati wa kuwasiliana na huduma ya ujumbe. Jaribu tena baada ya muda mfupi.</translation>
    </message>
    <message>
        <source>This customer has not opted in to WhatsApp messages from you, so the template was not sent (and nothing was charged). Ask them to opt in first, for example by sending a message to your WhatsApp number.</source>
        <translation>Mteja huyu hajakubali kupata jumbe za WhatsApp kutoka kwako, kwa hiyo kiolezo hakikutumwa (na hakuna malipo). Mwombe akubali kwanza, kwa mfano kwa kutuma ujumbe kwa namba yako ya WhatsApp.</translation>
    </message>
    <message>
        <source>The file is too large to import (at most 10 MB and 100,000 rows). Split it into smaller files, then import each one.</source>
        <translation>Faili ni kubwa mno kuingizwa (isizidi MB 10 na mistari 100,000). Igawe kuwa faili ndogo, kisha uingize kila moja.</translation>
    </message>
    <message>
        <source>This type of file cannot be imported. Save it as CSV (UTF-8) or as an Excel workbook (.xlsx), then import it again.</source>
        <translation>Aina hii ya faili haiwezi kuingizwa. Ihifadhi kama CSV (UTF-8) au kama faili ya Excel (.xlsx), kisha uiingize tena.</translation>
    </message>
    <message>
        <source>The file could not be read as a contacts list: it needs a header row with a &apos;phone&apos; column.</source>
        <translation>Faili haikuweza kusomwa kama orodha ya anwani: inahitaji mstari wa vichwa wenye safu ya &apos;phone&apos;.</translation>
    </message>
    <message>
        <source>The service said: “{message}”</source>
        <translation>Huduma ilisema: “{message}”</translation>
    </message>
    <message>
        <source>Fix the file, then import it again.</source>
        <translation>Rekebisha faili, kisha uiingize tena.</translation>
    </message>
    <message>
        <source>The file “{name}” could not be opened. Check that it still exists, then try again.</source>
        <translation>Faili “{name}” haikuweza kufunguliwa. Hakikisha bado ipo, kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>{numbers} and {more} more</source>
        <translation>{numbers} na {more} zaidi</translation>
    </message>
    <message>
        <source>These phone numbers are not valid: {numbers}. Correct or remove them, then try again.</source>
        <translation>Namba hizi za simu si sahihi: {numbers}. Zirekebishe au uziondoe, kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>Some details need fixing ({problems}). Correct them, then try again.</source>
        <translation>Baadhi ya maelezo yanahitaji kurekebishwa ({problems}). Yarekebishe, kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>The messaging service did not accept this request: “{message}”. Check the details, then try again.</source>
        <translation>Huduma ya ujumbe haikukubali ombi hili: “{message}”. Kagua maelezo, kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>The messaging service did not accept this request. Check the details, then try again.</source>
        <translation>Huduma ya ujumbe haikukubali ombi hili. Kagua maelezo, kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>Sign-in needed</source>
        <translation>Unahitaji kuingia</translation>
    </message>
    <message>
        <source>Permission missing</source>
        <translation>Ruhusa haipo</translation>
    </message>
    <message>
        <source>Not enough credit</source>
        <translation>Krediti hazitoshi</translation>
    </message>
    <message>
        <source>Sender name not allowed</source>
        <translation>Jina la mtumaji haliruhusiwi</translation>
    </message>
    <message>
        <source>Please check the details</source>
        <translation>Tafadhali kagua maelezo</translation>
    </message>
    <message>
        <source>The service is busy</source>
        <translation>Huduma ina shughuli nyingi</translation>
    </message>
    <message>
        <source>The service had a problem</source>
        <translation>Huduma ilipata tatizo</translation>
    </message>
    <message>
        <source>Secure connection failed</source>
        <translation>Muunganisho salama umeshindikana</translation>
    </message>
    <message>
        <source>No connection</source>
        <translation>Hakuna muunganisho</translation>
    </message>
    <message>
        <source>Outcome unknown</source>
        <translation>Matokeo hayajulikani</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>Haikupatikana</translation>
    </message>
    <message>
        <source>Already exists</source>
        <translation>Tayari ipo</translation>
    </message>
    <message>
        <source>Unexpected reply</source>
        <translation>Jibu lisilotarajiwa</translation>
    </message>
    <message>
        <source>The request failed</source>
        <translation>Ombi limeshindwa</translation>
    </message>
    <message>
        <source>Check your internet</source>
        <translation>Angalia intaneti yako</translation>
    </message>
    <message>
        <source>Password store unavailable</source>
        <translation>Hifadhi ya nenosiri haipatikani</translation>
    </message>
    <message>
        <source>Please check the settings</source>
        <translation>Tafadhali kagua mipangilio</translation>
    </message>
    <message>
        <source>Please check the account</source>
        <translation>Tafadhali kagua akaunti</translation>
    </message>
    <message>
        <source>Please check the number</source>
        <translation>Tafadhali kagua namba</translation>
    </message>
    <message>
        <source>Could not open Tuma&apos;s records</source>
        <translation>Imeshindwa kufungua kumbukumbu za Tuma</translation>
    </message>
    <message>
        <source>The disk is full</source>
        <translation>Diski imejaa</translation>
    </message>
    <message>
        <source>Could not save Tuma&apos;s records</source>
        <translation>Imeshindwa kuhifadhi kumbukumbu za Tuma</translation>
    </message>
    <message>
        <source>Could not update Tuma&apos;s records</source>
        <translation>Imeshindwa kusasisha kumbukumbu za Tuma</translation>
    </message>
    <message>
        <source>That took too long</source>
        <translation>Imechukua muda mrefu mno</translation>
    </message>
    <message>
        <source>The operation did not finish in time. Check your internet connection and try again.</source>
        <translation>Kazi haikukamilika kwa wakati. Kagua intaneti yako kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>No permission</source>
        <translation>Hakuna ruhusa</translation>
    </message>
    <message>
        <source>Tuma is not allowed to open that file or folder. Choose another place, or check its permissions.</source>
        <translation>Tuma hairuhusiwi kufungua faili au folda hiyo. Chagua mahali pengine, au kagua ruhusa zake.</translation>
    </message>
    <message>
        <source>File not found</source>
        <translation>Faili haikupatikana</translation>
    </message>
    <message>
        <source>The file could not be found. It may have been moved or deleted; choose it again.</source>
        <translation>Faili haikupatikana. Huenda imehamishwa au kufutwa; ichague tena.</translation>
    </message>
    <message>
        <source>Could not read or write a file</source>
        <translation>Imeshindwa kusoma au kuandika faili</translation>
    </message>
    <message>
        <source>Your computer reported: {detail}. Check there is free disk space and try again.</source>
        <translation>Kompyuta yako imesema: {detail}. Hakikisha kuna nafasi kwenye diski kisha ujaribu tena.</translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation>Kuna hitilafu</translation>
    </message>
    <message>
        <source>An unexpected problem occurred ({kind}). Nothing you entered was lost. Try again; if it keeps happening, restart Tuma.</source>
        <translation>Tatizo lisilotarajiwa limetokea ({kind}). Hakuna ulichoweka kilichopotea. Jaribu tena; likiendelea kutokea, funga Tuma na uifungue tena.</translation>
    </message>
    <message>
        <source>{action} failed — {title}</source>
        <extracomment>The token was refused (401): open the account dialog, showing this reason. A :class:`UserMessage` to show (non-modal). The bar should be cleared (e.g. after a successful reconnect). The last problem shown (a warning or an error: it stays up until dealt with; good news goes by itself).</extracomment>
        <translation>{action} imeshindwa — {title}</translation>
    </message>
</context>
<context>
    <name>formats</name>
    <message>
        <source>KES {amount}</source>
        <extracomment>The locale used when the system only offers C/POSIX.</extracomment>
        <translation>KES {amount}</translation>
    </message>
</context>
<context>
    <name>jobs</name>
    <message>
        <source>Could not save {file}: it is open in another program (Excel?) or that folder cannot be written to. Close the file, or choose another place, then export again.</source>
        <translation>Imeshindwa kuhifadhi {file}: iko wazi katika programu nyingine (Excel?) au folda hiyo haiwezi kuandikwa. Funga faili, au chagua mahali pengine, kisha hamisha tena.</translation>
    </message>
    <message>
        <source>Could not save {file}: the folder is no longer there or the disk is full. Choose another place, then export again.</source>
        <translation>Imeshindwa kuhifadhi {file}: folda haipo tena au diski imejaa. Chagua mahali pengine, kisha hamisha tena.</translation>
    </message>
</context>
</TS>
