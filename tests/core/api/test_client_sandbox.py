"""Every Client method against the real sandbox over loopback: success, each error path, the
fault switches, and the token never leaking into logs or errors."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable, Coroutine, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest

from desktop_app.core.api import Client, UnreadableSendReply, errors
from desktop_app.core.delivery import DeliveryStatus
from tests.words import said

T = TypeVar("T")

PHONE = "+254712345678"
PHONE_LOCAL = "0712345601"
FAILING = "+254712340000"  # the sandbox fails numbers ending in 0000 (AbsentSubscriber)


def run(coro: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coro)


def client_for(account: Any, token: str | None = None, **kw: Any) -> Client:
    kw.setdefault("backoff", 0.01)
    return Client(account.base_url, account.contacts_base_url, token or account.token, **kw)


def call(account: Any, op: Callable[[Client], Coroutine[Any, Any, T]], **kw: Any) -> T:
    async def go() -> T:
        async with client_for(account, **kw) as client:
            return await op(client)

    return run(go())


@pytest.fixture
def clean_faults(admin: Any) -> Iterator[None]:
    admin.clear_faults()
    yield
    admin.clear_faults()


def test_loopback_service_is_reached_without_the_environment_proxy(
    account: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Practice mode talks plain http to 127.0.0.1: a proxy from the environment must not get
    those requests (it would see the token in clear text, and cannot reach our loopback)."""
    with socket.socket() as probe:  # a port nothing listens on: a used proxy fails at once
        probe.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{probe.getsockname()[1]}"
    for name in ("HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"):
        monkeypatch.setenv(name, dead)
    for name in ("NO_PROXY", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
    assert call(account, lambda c: c.balance()).credits == 1000
    # a remote service still honours the environment's proxy
    remote = Client("https://sms.example.test", "https://sms.example.test", account.token)
    try:
        url = httpx.URL("https://sms.example.test/v1/get-balance/")
        assert remote._http._transport_for_url(url) is not remote._http._transport
    finally:
        run(remote.aclose())


# --- sends ------------------------------------------------------------------------------


def test_send_message(account: Any, admin: Any) -> None:
    result = call(account, lambda c: c.send_message("TUMA", PHONE_LOCAL, "Karibu! Duka liko wazi."))
    assert result.message_id
    assert result.parts == 1
    assert result.invalid == ()
    (record,) = admin.messages(account.account_id)
    assert record["message_id"] == result.message_id
    assert record["phone"] == "+254712345601"
    assert record["sender_id"] == "TUMA"
    assert admin.balance(account.account_id) == 999


def test_send_from_the_shared_sender_id(account: Any) -> None:
    assert call(account, lambda c: c.send_message("SANDBOX", PHONE, "Hi")).message_id


def test_send_bulk_skips_invalid_numbers(account: Any, admin: Any) -> None:
    phones = ["0712345601", "254712345602", "12345", "+254712345603", "07x"]
    result = call(account, lambda c: c.send_bulk("TUMA", phones, "Offer: 2 for 1 today"))
    assert result.recipients == 3
    assert result.invalid == ("12345", "07x")
    assert result.parts == 1
    sent = admin.messages(account.account_id)
    assert sorted(r["phone"] for r in sent) == [
        "+254712345601",
        "+254712345602",
        "+254712345603",
    ]
    assert {r["message_id"] for r in sent} == {result.message_id}


def test_send_personalized(account: Any, admin: Any) -> None:
    items = [("0712345601", "Habari Wanjiku"), ("0712345602", "Habari Otieno " + "x" * 160)]
    result = call(account, lambda c: c.send_personalized("TUMA", items))
    assert result.recipients == 2
    assert result.parts == 2  # the largest
    texts = {r["phone"]: r["text"] for r in admin.messages(account.account_id)}
    assert texts["+254712345601"] == "Habari Wanjiku"
    assert admin.balance(account.account_id) == 1000 - 3


def test_send_tracked(account: Any) -> None:
    result = call(account, lambda c: c.send_tracked("TUMA", PHONE, "Order 17 is ready", "ord-17"))
    assert result.tracking_id == "ord-17"
    assert result.cost == 1
    assert result.parts == 1


def test_legacy_token_sends_sms(account: Any) -> None:
    result = call(
        account, lambda c: c.send_message("TUMA", PHONE, "Hi"), token=account.legacy_token
    )
    assert result.message_id


# --- send errors ----------------------------------------------------------------------------


def test_invalid_phone(account: Any, admin: Any) -> None:
    with pytest.raises(errors.InvalidRequest) as info:
        call(account, lambda c: c.send_message("TUMA", "12345", "Hi"))
    assert info.value.invalid_phones == ("12345",)
    assert "12345" in said(info.value)
    assert info.value.response_code == "0400"
    assert admin.messages(account.account_id) == []
    assert admin.balance(account.account_id) == 1000


def test_bulk_without_a_valid_number(account: Any) -> None:
    with pytest.raises(errors.InvalidRequest) as info:
        call(account, lambda c: c.send_bulk("TUMA", ["12", "34"], "Hi"))
    assert info.value.invalid_phones == ("12", "34")


def test_empty_message(account: Any) -> None:
    with pytest.raises(errors.InvalidRequest) as info:
        call(account, lambda c: c.send_message("TUMA", PHONE, ""))
    assert info.value.service_message
    assert info.value.service_message in said(info.value)


def test_insufficient_balance(admin: Any, account: Any) -> None:
    account_id = admin.create_account(name="Poor shop", balance=1, sender_ids=["TUMA"])
    token = admin.create_token(account_id, kind="scoped", scopes=["sms"])
    with pytest.raises(errors.InsufficientBalance) as info:
        call(account, lambda c: c.send_bulk("TUMA", [PHONE, "0712345601"], "Hi"), token=token)
    assert info.value.response_code == "0402"
    assert "Top up" in said(info.value)
    assert admin.messages(account_id) == []
    assert admin.balance(account_id) == 1


def test_sender_id_not_owned(account: Any) -> None:
    with pytest.raises(errors.SenderIdRejected) as info:
        call(account, lambda c: c.send_message("OTHERSHOP", PHONE, "Hi"))
    assert info.value.sender_id == "OTHERSHOP"
    assert info.value.response_code == "0422"
    assert info.value.service_message == "You are not assigned to this sender ID"


def test_revoked_token(account: Any, admin: Any) -> None:
    token = admin.create_token(account.account_id, kind="scoped", scopes=["sms", "contacts"])
    assert call(account, lambda c: c.balance(), token=token).credits == 1000
    admin.revoke_token(token)
    for op in (
        lambda c: c.balance(),
        lambda c: c.send_message("TUMA", PHONE, "Hi"),
        lambda c: c.list_contacts(),
    ):
        with pytest.raises(errors.AuthError) as info:
            call(account, op, token=token)
        assert "Connect your account again" in said(info.value)


def test_unknown_token(account: Any) -> None:
    with pytest.raises(errors.AuthError):
        call(account, lambda c: c.balance(), token="mbs_" + "x" * 40)


def test_legacy_token_cannot_reach_contacts(account: Any) -> None:
    with pytest.raises(errors.ScopeError) as info:
        call(account, lambda c: c.list_contacts(), token=account.legacy_token)
    assert info.value.scope == "contacts"
    assert info.value.http_status == 403
    assert "“contacts”" in said(info.value)


def test_token_without_the_scope(account: Any, admin: Any) -> None:
    token = admin.create_token(account.account_id, kind="scoped", scopes=["contacts"])
    with pytest.raises(errors.ScopeError) as info:
        call(account, lambda c: c.send_message("TUMA", PHONE, "Hi"), token=token)
    assert info.value.scope == "sms"
    with pytest.raises(errors.ScopeError) as info:
        call(account, lambda c: c.send_survey("s1", [PHONE]), token=token)
    assert info.value.scope == "surveys"


# --- delivery reports and balance ------------------------------------------------------------


def test_delivery_report(account: Any, admin: Any) -> None:
    async def go() -> None:
        async with client_for(account) as c:
            sent = await c.send_bulk("TUMA", [PHONE, FAILING], "Hi")
            admin.settle()
            records = await c.delivery_report(sent.message_id)
        by_phone = {r.phone: r for r in records}
        assert set(by_phone) == {PHONE, FAILING}
        ok = by_phone[PHONE]
        assert ok.message_id == sent.message_id
        assert ok.status is DeliveryStatus.DELIVERED
        assert ok.raw_status == "DeliveredToTerminal"
        assert ok.delivered_at is not None
        assert ok.delivered_at.tzinfo is not None
        assert abs((datetime.now(UTC) - ok.delivered_at).total_seconds()) < 300
        assert ok.reason is None
        bad = by_phone[FAILING]
        assert bad.status is DeliveryStatus.FAILED
        assert bad.raw_status == "AbsentSubscriber"
        assert bad.reason == "AbsentSubscriber"

    run(go())


def test_delivery_report_of_an_unknown_message(account: Any) -> None:
    with pytest.raises(errors.InvalidRequest) as info:
        call(account, lambda c: c.delivery_report("00000000-0000-0000-0000-000000000000"))
    assert "Unknown messageId" in said(info.value)


def test_delivery_report_of_another_accounts_message(account: Any, admin: Any) -> None:
    other = admin.create_account(name="Other shop", balance=10, sender_ids=["TUMA"])
    other_token = admin.create_token(other, kind="scoped", scopes=["sms"])
    sent = call(account, lambda c: c.send_message("TUMA", PHONE, "Hi"), token=other_token)
    with pytest.raises(errors.InvalidRequest):
        call(account, lambda c: c.delivery_report(sent.message_id))


def test_balance_and_account_details(account: Any, admin: Any) -> None:
    async def go() -> None:
        async with client_for(account) as c:
            assert (await c.balance()).credits == 1000
            await c.send_message("TUMA", PHONE, "x" * 161)  # two parts
            details = await c.account_details()
            assert details.credits == 998
            assert details.currency == "KES"
            assert details.sms_rate is not None
            assert details.sms_rate > 0

    run(go())
    admin.topup(account.account_id, 2)
    assert call(account, lambda c: c.balance()).credits == 1000


# --- channels ---------------------------------------------------------------------------------


def test_whatsapp_template(account: Any, admin: Any) -> None:
    admin.add_template(account.account_id, "order_ready", "en")
    admin.add_template(account.account_id, "promo", "sw", approved=False)
    admin.add_optin(account.account_id, PHONE)
    result = call(account, lambda c: c.send_whatsapp_template("order_ready", "en", "0712345678"))
    assert result.message_id
    with pytest.raises(errors.InvalidRequest) as info:
        call(account, lambda c: c.send_whatsapp_template("order_ready", "en", "0712345601"))
    assert info.value.problem is errors.RequestProblem.NOT_OPTED_IN
    assert "opted in" in said(info.value)
    with pytest.raises(errors.InvalidRequest):
        call(account, lambda c: c.send_whatsapp_template("promo", "sw", PHONE))
    with pytest.raises(errors.InvalidRequest):
        call(account, lambda c: c.send_whatsapp_template("nope", "en", PHONE))


def test_survey(account: Any, admin: Any) -> None:
    admin.add_survey(account.account_id, "s1", "How was your visit?")
    result = call(account, lambda c: c.send_survey("s1", [PHONE, "0712345601", "999"]))
    assert result.message_id
    assert result.recipients == 2
    assert result.invalid == ("999",)
    with pytest.raises(errors.InvalidRequest) as info:
        call(account, lambda c: c.send_survey("missing", [PHONE]))
    assert "missing" in said(info.value)


def test_legacy_token_cannot_use_channels(account: Any) -> None:
    with pytest.raises(errors.ScopeError) as info:
        call(
            account,
            lambda c: c.send_whatsapp_template("t", "en", PHONE),
            token=account.legacy_token,
        )
    assert info.value.scope == "whatsapp"


# --- contacts ---------------------------------------------------------------------------------


def test_contacts_crud(account: Any) -> None:
    async def go() -> None:
        async with client_for(account) as c:
            wanjiku = await c.create_contact(
                "0712345601", first_name="Wanjiku", last_name="Kamau", notes="pays by M-Pesa"
            )
            assert wanjiku.phone == "+254712345601"
            assert wanjiku.display_name == "Wanjiku Kamau"
            assert wanjiku.created_at is not None
            otieno = await c.create_contact("254712345602", first_name="Otieno")
            assert otieno.email is None

            page = await c.list_contacts()
            assert [x.uuid for x in page.contacts] == [otieno.uuid, wanjiku.uuid]  # newest first
            assert (page.page, page.page_size, page.total, page.total_pages) == (1, 20, 2, 1)

            found = await c.list_contacts(search="wanj")
            assert [x.uuid for x in found.contacts] == [wanjiku.uuid]
            by_phone = await c.list_contacts(search="0712345602")
            assert [x.uuid for x in by_phone.contacts] == [otieno.uuid]

            paged = await c.list_contacts(page=2, page_size=1)
            assert [x.uuid for x in paged.contacts] == [wanjiku.uuid]
            assert (paged.total, paged.total_pages) == (2, 2)

            assert await c.get_contact(wanjiku.uuid) == wanjiku
            updated = await c.update_contact(wanjiku.uuid, notes=None, email="w@example.com")
            assert updated.notes is None
            assert updated.email == "w@example.com"
            assert updated.first_name == "Wanjiku"

            assert await c.delete_contact(wanjiku.uuid) is None
            with pytest.raises(errors.NotFound):
                await c.get_contact(wanjiku.uuid)
            with pytest.raises(errors.NotFound):
                await c.delete_contact(wanjiku.uuid)
            with pytest.raises(errors.NotFound):
                await c.update_contact(wanjiku.uuid, notes="x")

    run(go())


def test_duplicate_contact_is_a_conflict(account: Any) -> None:
    async def go() -> None:
        async with client_for(account) as c:
            await c.create_contact("0712345601")
            with pytest.raises(errors.Conflict) as info:
                await c.create_contact("+254712345601", first_name="Again")
            assert info.value.http_status == 409
            assert "already exists" in said(info.value)

    run(go())


def test_invalid_contact_fields(account: Any) -> None:
    with pytest.raises(errors.InvalidRequest) as info:
        call(account, lambda c: c.create_contact("12345"))
    assert "phone" in info.value.fields
    assert "phone" in said(info.value)


def test_page_size_over_100(account: Any) -> None:
    with pytest.raises(errors.InvalidRequest):
        call(account, lambda c: c.list_contacts(page_size=101))


def test_another_accounts_contact_is_not_found(account: Any, admin: Any) -> None:
    other = admin.create_account(name="Other shop", balance=10, sender_ids=["TUMA"])
    other_token = admin.create_token(other, kind="scoped", scopes=["contacts"])
    theirs = call(account, lambda c: c.create_contact(PHONE), token=other_token)
    with pytest.raises(errors.NotFound):
        call(account, lambda c: c.get_contact(theirs.uuid))


# --- uploads ----------------------------------------------------------------------------------


def test_upload_and_wait(account: Any, tmp_path: Path) -> None:
    path = tmp_path / "customers.csv"
    path.write_text(
        "\ufeffPhone,First_Name,last_name,email,ignored\n"
        "0712345601,Wanjiku,Kamau,w@example.com,x\n"
        "254712345602,Otieno,,,\n"
        "12345,Bad,Number,,\n",
        encoding="utf-8",
    )
    progress: list[tuple[int, int]] = []

    async def go() -> None:
        async with client_for(account) as c:
            accepted = await c.upload_contacts(path, lambda s, t: progress.append((s, t)))
            assert accepted.status == "processing"
            assert accepted.total == 3
            status = await c.wait_for_upload(accepted.upload_uuid, interval=0.05, timeout=30)
            assert status.uuid == accepted.upload_uuid
            assert status.status == "completed"
            assert (status.total, status.imported, status.failed) == (3, 2, 1)
            (row_error,) = status.errors
            assert row_error.phone == "12345"
            assert row_error.reason
            assert row_error.row > 0
            assert status.created_at is not None
            uploads = await c.list_uploads()
            assert [u.uuid for u in uploads] == [accepted.upload_uuid]
            page = await c.list_contacts(search="Wanjiku")
            assert [x.phone for x in page.contacts] == ["+254712345601"]

    run(go())
    total = progress[-1][1]
    assert progress[0] == (0, total)
    assert progress[-1] == (total, total)
    assert total > path.stat().st_size


def test_upload_of_the_wrong_file_type(account: Any, tmp_path: Path) -> None:
    path = tmp_path / "customers.txt"
    path.write_text("phone\n0712345601\n")
    with pytest.raises(errors.InvalidRequest) as info:
        call(account, lambda c: c.upload_contacts(path))
    assert info.value.http_status == 415
    assert "CSV" in said(info.value)


def test_upload_without_a_phone_column(account: Any, tmp_path: Path) -> None:
    path = tmp_path / "customers.csv"
    path.write_text("name,mobile\nWanjiku,0712345601\n")
    with pytest.raises(errors.InvalidRequest) as info:
        call(account, lambda c: c.upload_contacts(path))
    assert info.value.http_status == 422
    assert "'phone' column" in said(info.value)


def test_upload_of_a_file_over_10_mib(account: Any, tmp_path: Path) -> None:
    path = tmp_path / "huge.csv"
    row = b"0712345601,Wanjiku,Kamau,wanjiku@example.com\n"
    path.write_bytes(b"phone,first_name,last_name,email\n" + row * (11 * 1024 * 1024 // len(row)))
    with pytest.raises(errors.InvalidRequest) as info:
        call(account, lambda c: c.upload_contacts(path))
    assert info.value.http_status == 413
    assert "too large" in said(info.value)


def test_upload_with_legacy_token(account: Any, tmp_path: Path) -> None:
    path = tmp_path / "customers.csv"
    path.write_text("phone\n0712345601\n")
    with pytest.raises(errors.ScopeError):
        call(account, lambda c: c.upload_contacts(path), token=account.legacy_token)


# --- faults -----------------------------------------------------------------------------------


@pytest.mark.usefixtures("clean_faults")
def test_server_errors_are_retried(account: Any, admin: Any) -> None:
    admin.fault("error500", count=2, path_prefix="/v1/send")
    result = call(account, lambda c: c.send_message("TUMA", PHONE, "Hi"))
    (record,) = admin.messages(account.account_id)
    assert record["message_id"] == result.message_id


@pytest.mark.usefixtures("clean_faults")
def test_persistent_server_errors(account: Any, admin: Any) -> None:
    admin.fault("error500", count=3, path_prefix="/v1/get-balance")
    with pytest.raises(errors.ServerError):
        call(account, lambda c: c.balance())
    assert call(account, lambda c: c.balance()).credits == 1000


@pytest.mark.usefixtures("clean_faults")
def test_contacts_server_errors_are_retried(account: Any, admin: Any) -> None:
    admin.fault("error500", count=2, path_prefix="/api/v1/contacts")
    assert call(account, lambda c: c.create_contact(PHONE)).phone == PHONE


@pytest.mark.usefixtures("clean_faults")
def test_disconnect_after_a_send_is_in_doubt_and_sent_once(account: Any, admin: Any) -> None:
    admin.fault("disconnect", 1, path_prefix="/v1/send")
    with pytest.raises(errors.InDoubt):
        call(account, lambda c: c.send_message("TUMA", PHONE, "Hi"))
    assert len(admin.messages(account.account_id)) == 1


@pytest.mark.usefixtures("clean_faults")
def test_disconnect_on_a_bulk_send_is_never_resent(account: Any, admin: Any) -> None:
    admin.fault("disconnect", 1, path_prefix="/v1/send/bulk")
    with pytest.raises(errors.InDoubt):
        call(account, lambda c: c.send_bulk("TUMA", [PHONE, "0712345601"], "Hi"))
    assert len(admin.messages(account.account_id)) == 2
    assert admin.balance(account.account_id) == 998


@pytest.mark.usefixtures("clean_faults")
def test_disconnect_on_a_read_is_retried(account: Any, admin: Any) -> None:
    admin.fault("disconnect", 2, path_prefix="/v1/get-balance")
    assert call(account, lambda c: c.balance()).credits == 1000


@pytest.mark.usefixtures("clean_faults")
def test_malformed_reply_to_a_read(account: Any, admin: Any) -> None:
    admin.fault("malformed", 1, path_prefix="/v1/get-balance")
    with pytest.raises(errors.ProtocolError) as info:
        call(account, lambda c: c.balance())
    assert not isinstance(info.value, errors.InDoubt)


@pytest.mark.usefixtures("clean_faults")
def test_malformed_reply_to_a_send(account: Any, admin: Any) -> None:
    admin.fault("malformed", 1, path_prefix="/v1/send")
    with pytest.raises(errors.ProtocolError) as info:
        call(account, lambda c: c.send_message("TUMA", PHONE, "Hi"))
    assert isinstance(info.value, UnreadableSendReply)
    assert isinstance(info.value, errors.InDoubt)  # it went out: reconcile, never resend
    assert len(admin.messages(account.account_id)) == 1


@pytest.mark.usefixtures("clean_faults")
def test_a_network_s_own_web_page_is_told_apart(account: Any, admin: Any) -> None:
    """A data bundle used up, a Wi-Fi sign-in: the network answers with its own page (the
    sandbox's "portal" fault). The error says it was a web page; a bare non-JSON body from
    the service (a broken proxy, "malformed") does not."""
    admin.fault("portal", 1, path_prefix="/v1/get-balance")
    with pytest.raises(errors.ProtocolError) as read:
        call(account, lambda c: c.balance())
    assert read.value.web_page
    assert not isinstance(read.value, errors.InDoubt)
    admin.fault("portal", 1, path_prefix="/api/v1/contacts")
    with pytest.raises(errors.ProtocolError) as contacts:
        call(account, lambda c: c.list_contacts())
    assert contacts.value.web_page
    admin.fault("portal", 1, path_prefix="/v1/send")
    with pytest.raises(UnreadableSendReply) as send:
        call(account, lambda c: c.send_message("TUMA", PHONE, "Hi"))
    assert send.value.web_page
    assert isinstance(send.value, errors.InDoubt)  # never resent by itself
    assert admin.messages(account.account_id) == []
    admin.fault("malformed", 1, path_prefix="/v1/get-balance")
    with pytest.raises(errors.ProtocolError) as broken:
        call(account, lambda c: c.balance())
    assert not broken.value.web_page


@pytest.mark.usefixtures("clean_faults")
def test_malformed_contacts_reply(account: Any, admin: Any) -> None:
    admin.fault("malformed", 1, path_prefix="/api/v1/contacts")
    with pytest.raises(errors.ProtocolError):
        call(account, lambda c: c.list_contacts())


@pytest.mark.usefixtures("clean_faults")
def test_slow_read_times_out_and_is_retried(account: Any, admin: Any) -> None:
    admin.fault("delay", 1, path_prefix="/v1/get-balance", seconds=2.0)
    assert call(account, lambda c: c.balance(), timeout=0.5).credits == 1000


@pytest.mark.usefixtures("clean_faults")
def test_slow_send_times_out_in_doubt(account: Any, admin: Any) -> None:
    admin.fault("delay", 1, path_prefix="/v1/send", seconds=1.0)
    with pytest.raises(errors.InDoubt):
        call(account, lambda c: c.send_message("TUMA", PHONE, "Hi"), timeout=0.3)


def test_unreachable_service(account: Any) -> None:
    async def go() -> None:
        async with Client(
            "http://127.0.0.1:9", "http://127.0.0.1:9", account.token, backoff=0.01
        ) as c:
            with pytest.raises(errors.NetworkError):
                await c.send_message("TUMA", PHONE, "Hi")

    run(go())


# --- the token never leaks --------------------------------------------------------------------


@pytest.mark.usefixtures("clean_faults")
def test_token_never_in_logs_or_errors(
    account: Any, admin: Any, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    revoked = admin.create_token(account.account_id, kind="scoped", scopes=["sms", "contacts"])
    admin.revoke_token(revoked)  # (the sandbox's admin API carries it in its URL: not ours)
    caplog.set_level("DEBUG")
    for name in ("httpx", "httpcore", "desktop_app", "asyncio"):
        caplog.set_level("DEBUG", logger=name)
    caplog.clear()
    bad_file = tmp_path / "x.txt"
    bad_file.write_text("phone\n1\n")
    raised: list[BaseException] = []

    def attempt(op: Callable[[Client], Coroutine[Any, Any, Any]], **kw: Any) -> None:
        with pytest.raises(errors.ApiError) as info:
            call(account, op, **kw)
        raised.append(info.value)

    attempt(lambda c: c.balance(), token=revoked)
    attempt(lambda c: c.send_message("TUMA", PHONE, "Hi"), token=revoked)
    attempt(lambda c: c.list_contacts(), token=revoked)
    attempt(lambda c: c.list_contacts(), token=account.legacy_token)
    attempt(lambda c: c.send_message("OTHERSHOP", PHONE, "Hi"))
    attempt(lambda c: c.send_message("TUMA", "123", "Hi"))
    attempt(lambda c: c.send_bulk("TUMA", [PHONE] * 2, "x" * 1601))
    attempt(lambda c: c.get_contact("nope"))
    attempt(lambda c: c.delivery_report("nope"))
    attempt(lambda c: c.upload_contacts(bad_file))
    admin.fault("disconnect", 1, path_prefix="/v1/send")
    attempt(lambda c: c.send_message("TUMA", PHONE, "Hi"))
    admin.fault("error500", 3, path_prefix="/v1/get-balance")
    attempt(lambda c: c.balance())
    admin.fault("malformed", 1, path_prefix="/v1/send")
    attempt(lambda c: c.send_message("TUMA", PHONE, "Hi"))
    attempt(lambda c: c.balance(), token=revoked, timeout=0.001)

    tokens = (account.token, account.legacy_token, revoked)
    assert len(raised) == 14
    for exc in raised:
        chain: BaseException | None = exc
        while chain is not None:
            texts = (
                str(chain),
                repr(chain),
                repr(vars(chain)) if hasattr(chain, "__dict__") else "",
            )
            for token in tokens:
                assert all(token not in text for text in texts), type(chain)
            chain = chain.__cause__ or chain.__context__
    assert any(r.name.startswith("httpx") for r in caplog.records)
    assert any(r.name.startswith("httpcore") for r in caplog.records)
    for token in tokens:
        assert token not in caplog.text
