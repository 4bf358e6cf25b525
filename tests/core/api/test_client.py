"""The API client against shaped replies (httpx.MockTransport): the observed variants of
CONTRACT.md, malformed bodies, every error mapping, and the retry rules."""

from __future__ import annotations

import asyncio
import email.utils
import json
from collections.abc import Callable, Coroutine, Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest

from desktop_app.core.api import Client, UnreadableSendReply, errors, models
from desktop_app.core.delivery import DeliveryStatus
from desktop_app.ui.errors import scope_label
from tests.words import said

T = TypeVar("T")

TOKEN = "mbs_" + "Zq7SecretTokenBody" * 3
BASE = "https://sms.example.test"
CONTACTS = "https://contacts.example.test"

Handler = Callable[[httpx.Request], httpx.Response]


def run(coro: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coro)


class Sleeps:
    """A stand-in for asyncio.sleep that records the waits instead of taking them."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, delay: float) -> None:
        self.delays.append(delay)


class Script:
    """Replies in order (the last one repeats); records every request."""

    def __init__(self, *replies: httpx.Response | Exception | Handler) -> None:
        self.replies = list(replies)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        reply = self.replies[min(len(self.requests), len(self.replies)) - 1]
        if isinstance(reply, Exception):
            raise reply
        if isinstance(reply, httpx.Response):
            return reply
        return reply(request)

    @property
    def calls(self) -> int:
        return len(self.requests)


def reply(status: int = 200, body: Any = None, **kw: Any) -> httpx.Response:
    return httpx.Response(status, json=body, **kw)


def ok(**fields: Any) -> httpx.Response:
    return reply(200, {"status": True, "responseCode": "0200", "message": "Accepted", **fields})


def fail(
    http: int,
    code: str,
    message: str = "nope",
    headers: dict[str, str] | None = None,
    **fields: Any,
) -> httpx.Response:
    body = {"status": False, "responseCode": code, "message": message, **fields}
    return reply(http, body, headers=headers)


def make(script: Script, sleeps: Sleeps | None = None, **kw: Any) -> Client:
    return Client(
        BASE,
        CONTACTS,
        TOKEN,
        transport=httpx.MockTransport(script),
        backoff=0.01,
        sleep=sleeps or Sleeps(),
        **kw,
    )


def call(script: Script, op: Callable[[Client], Coroutine[Any, Any, T]], **kw: Any) -> T:
    async def go() -> T:
        async with make(script, **kw) as client:
            return await op(client)

    return run(go())


def body_of(request: httpx.Request) -> Any:
    return json.loads(request.content)


# --- requests: paths, bodies, header-only token -----------------------------------------------


OPERATIONS: list[tuple[str, Callable[[Client], Coroutine[Any, Any, Any]], str, str, Any]] = [
    (
        "send_message",
        lambda c: c.send_message("TUMA", "0712345678", "Hi"),
        "POST",
        f"{BASE}/v1/send/message",
        {"senderID": "TUMA", "phone": "0712345678", "message": "Hi"},
    ),
    (
        "send_bulk",
        lambda c: c.send_bulk("TUMA", ["0712345678", "0722000000"], "Hi"),
        "POST",
        f"{BASE}/v1/send/bulk",
        {"senderID": "TUMA", "phones": ["0712345678", "0722000000"], "message": "Hi"},
    ),
    (
        "send_personalized",
        lambda c: c.send_personalized("TUMA", [("0712345678", "Hi A"), ("0722000000", "Hi B")]),
        "POST",
        f"{BASE}/v1/send/bulk-personalized",
        {
            "senderID": "TUMA",
            "messageBody": [
                {"phone": "0712345678", "message": "Hi A"},
                {"phone": "0722000000", "message": "Hi B"},
            ],
        },
    ),
    (
        "send_tracked",
        lambda c: c.send_tracked("TUMA", "0712345678", "Hi", "order-17"),
        "POST",
        f"{BASE}/v2/send/message",
        {"senderID": "TUMA", "phone": "0712345678", "message": "Hi", "trackingId": "order-17"},
    ),
    (
        "send_whatsapp_template",
        lambda c: c.send_whatsapp_template("welcome", "en", "0712345678"),
        "POST",
        f"{BASE}/api/v1/whatsapp/send",
        {"template": "welcome", "language": "en", "phone": "0712345678"},
    ),
    (
        "send_survey",
        lambda c: c.send_survey("s-1", ["0712345678"]),
        "POST",
        f"{BASE}/api/v1/surveys/send",
        {"surveyId": "s-1", "phones": ["0712345678"]},
    ),
]


@pytest.mark.parametrize(
    ("name", "op", "method", "url", "expected"), OPERATIONS, ids=[o[0] for o in OPERATIONS]
)
def test_send_requests_carry_the_token_only_in_the_header(
    name: str,
    op: Callable[[Client], Coroutine[Any, Any, models.SendResult]],
    method: str,
    url: str,
    expected: Any,
) -> None:
    script = Script(ok(messageId="m-1"))
    result = call(script, op)
    assert result.message_id == "m-1"
    (request,) = script.requests
    assert request.method == method
    assert str(request.url) == url
    assert body_of(request) == expected
    assert request.headers["authorization"] == f"Bearer {TOKEN}"
    assert request.headers["content-type"] == "application/json"
    assert TOKEN not in str(request.url)
    assert TOKEN.encode() not in request.content


def test_read_requests() -> None:
    script = Script(
        ok(balance=12),
        ok(balance="1,250.5", sms_rate=0.8, currency="KES"),
        ok(messageId="m-1", messages=[]),
    )

    async def go(c: Client) -> None:
        assert await c.balance() == models.Balance(12.0)
        assert await c.account_details() == models.AccountDetails(1250.5, 0.8, "KES")
        assert await c.delivery_report("m-1") == []

    call(script, go)
    urls = [(r.method, str(r.url)) for r in script.requests]
    assert urls == [
        ("GET", f"{BASE}/v1/get-balance/"),
        ("GET", f"{BASE}/v1/get-balance/account-details"),
        ("POST", f"{BASE}/v1/dlr"),
    ]
    assert body_of(script.requests[2]) == {"messageId": "m-1"}
    assert all(r.headers["authorization"] == f"Bearer {TOKEN}" for r in script.requests)


def test_base_urls_with_trailing_slash() -> None:
    script = Script(ok(balance=1))

    async def go() -> None:
        async with Client(
            BASE + "/", CONTACTS + "/", TOKEN, transport=httpx.MockTransport(script)
        ) as c:
            await c.balance()

    run(go())
    assert str(script.requests[0].url) == f"{BASE}/v1/get-balance/"


@pytest.mark.parametrize(
    "bad", ["https://exa mple.co.ke", "https://", "ftp://api.example.co.ke", "not a url"]
)
def test_a_malformed_service_address_is_refused_in_plain_words(bad: str) -> None:
    with pytest.raises(ValueError, match="not a valid service address") as info:
        Client(bad, CONTACTS, TOKEN)
    assert TOKEN not in str(info.value)
    with pytest.raises(ValueError, match="not a valid service address"):
        Client(BASE, bad, TOKEN)


# --- send replies: tolerant reading ------------------------------------------------------


def test_full_send_reply() -> None:
    script = Script(
        ok(
            messageId="m-9",
            bulkId="m-9",
            recipients=2,
            invalid=["07x"],
            parts=2,
            cost=4,
            trackingId="t-1",
        )
    )
    result = call(script, lambda c: c.send_bulk("TUMA", ["a", "b", "07x"], "Hi"))
    assert result == models.SendResult(
        message_id="m-9",
        recipients=2,
        invalid=("07x",),
        parts=2,
        cost=4,
        tracking_id="t-1",
        service_message="Accepted",
    )


@pytest.mark.parametrize(
    "body",
    [
        {
            "status": True,
            "responseCode": "0200",
            "bulkId": "b-1",
        },  # bulkId where messageId is missing
        {"status": True, "responseCode": 200, "messageId": "b-1"},  # int code
        {"status": True, "responseCode": "200", "messageId": "b-1"},  # short code
        {"status": "true", "responseCode": "0200", "messageId": "b-1"},  # string flag
        {"Status": True, "ResponseCode": "0200", "MessageId": "b-1"},  # other capitalisation
        {"status": True, "responseCode": "0200", "messageId": "", "bulkId": "b-1"},
    ],
)
def test_observed_send_variants(body: dict[str, Any]) -> None:
    result = call(Script(reply(200, body)), lambda c: c.send_message("TUMA", "0712345678", "x"))
    assert result.message_id == "b-1"
    assert result.recipients is None
    assert result.invalid == ()
    assert result.parts is None
    assert result.cost is None


def test_malformed_optional_fields_do_not_fail_an_accepted_send() -> None:
    body = ok(messageId="m-1", recipients={"x": 1}, parts="two", cost=True, invalid=7)
    result = call(Script(body), lambda c: c.send_bulk("TUMA", ["a"], "x"))
    assert result == models.SendResult("m-1", None, (), None, None, None, "Accepted")


def test_comma_separated_invalid_and_list_of_recipients() -> None:
    body = ok(bulkId="m-1", recipients=["+254712345678"], invalid="07x, 12")
    result = call(Script(body), lambda c: c.send_bulk("TUMA", ["a"], "x"))
    assert result.recipients == 1
    assert result.invalid == ("07x", "12")


# --- send errors ----------------------------------------------------------------------------


def test_invalid_phones() -> None:
    script = Script(fail(400, "0400", "No valid phone numbers", invalid=["0700", "12345"]))
    with pytest.raises(errors.InvalidRequest) as info:
        call(script, lambda c: c.send_bulk("TUMA", ["0700", "12345"], "x"))
    err = info.value
    assert err.invalid_phones == ("0700", "12345")
    assert "0700, 12345" in said(err)
    assert err.response_code == "0400"
    assert err.http_status == 400
    assert err.service_message == "No valid phone numbers"
    assert script.calls == 1


def test_bad_request_shows_the_service_words() -> None:
    with pytest.raises(errors.InvalidRequest) as info:
        call(Script(fail(400, "0400", "Message is empty")), lambda c: c.send_message("T", "1", ""))
    assert "Message is empty" in said(info.value)
    assert info.value.invalid_phones == ()


@pytest.mark.parametrize(
    ("http", "code", "kind"),
    [
        (401, "0401", errors.AuthError),
        (402, "0402", errors.InsufficientBalance),
        (403, "0403", errors.ScopeError),
        (422, "0422", errors.SenderIdRejected),
        (200, "0401", errors.AuthError),  # the body decides, whatever the HTTP status
        (400, "0402", errors.InsufficientBalance),
        (401, None, errors.AuthError),  # no code: the HTTP status stands in
        (402, None, errors.InsufficientBalance),
        (422, None, errors.SenderIdRejected),
    ],
)
def test_error_codes(http: int, code: str | None, kind: type[errors.ApiError]) -> None:
    body: dict[str, Any] = {"status": False, "message": "service words"}
    if code is not None:
        body["responseCode"] = code
    script = Script(reply(http, body))
    with pytest.raises(kind) as info:
        call(script, lambda c: c.send_message("SHOP", "0712345678", "x"))
    assert said(info.value)  # there are words for it (str() is for logs)
    assert "service words" not in str(info.value)  # the service's own words are data
    assert info.value.service_message == "service words"
    assert script.calls == 1


def test_user_messages_say_what_to_do() -> None:
    assert said(errors.InsufficientBalance()).endswith(
        "Your balance is too low for this send. Top up your account, then try again."
    )
    assert said(errors.AuthError()).endswith(
        "Your secret key was not accepted (it may have expired or been revoked). "
        "Connect your account again with a new key."
    )
    assert "“SHOP”" in said(errors.SenderIdRejected(sender_id="SHOP"))
    assert "30 seconds" in said(errors.RateLimited(retry_after=30))
    assert "contacts" in said(errors.ScopeError(scope="contacts"))
    assert "delivery report" in said(errors.InDoubt())
    assert "delivery report" in said(UnreadableSendReply("x"))


def test_sender_id_rejected_names_the_sender() -> None:
    script = Script(fail(422, "0422", "You are not assigned to this sender ID"))
    with pytest.raises(errors.SenderIdRejected) as info:
        call(script, lambda c: c.send_message("SHOP", "0712345678", "x"))
    assert info.value.sender_id == "SHOP"
    assert "“SHOP”" in said(info.value)


@pytest.mark.parametrize(
    ("op", "scope"),
    [
        (lambda c: c.send_message("T", "1", "x"), "sms"),
        (lambda c: c.balance(), "sms"),
        (lambda c: c.send_whatsapp_template("t", "en", "1"), "whatsapp"),
        (lambda c: c.send_survey("s", ["1"]), "surveys"),
        (lambda c: c.list_contacts(), "contacts"),
    ],
)
def test_scope_error_names_the_missing_permission(
    op: Callable[[Client], Coroutine[Any, Any, Any]], scope: str
) -> None:
    body = {"status": False, "responseCode": "0403", "message": "Forbidden"}
    if scope == "contacts":
        body = {"success": False, "error": {"code": "forbidden", "message": "Forbidden"}}
    with pytest.raises(errors.ScopeError) as info:
        call(Script(reply(403, body)), op)
    assert info.value.scope == scope
    assert f"“{scope_label(scope)}”" in said(info.value)


@pytest.mark.parametrize(
    "body",
    [
        {"status": False, "responseCode": "0777", "message": "Sender ID is under review"},
        {"status": False, "responseCode": "E42", "message": "Sender ID is under review"},
        {"status": False, "message": "Sender ID is under review"},  # HTTP 200, no code
        {"status": False, "responseCode": "0200", "message": "Sender ID is under review"},
    ],
)
def test_unknown_codes_carry_the_service_message_verbatim(body: dict[str, Any]) -> None:
    with pytest.raises(errors.ServiceError) as info:
        call(Script(reply(200, body)), lambda c: c.send_message("T", "1", "x"))
    assert info.value.service_message == "Sender ID is under review"
    assert "Sender ID is under review" in said(info.value)
    assert isinstance(info.value, errors.ApiError)


@pytest.mark.parametrize("code", ["0202", "0201", "E42"])
def test_status_true_with_an_unknown_code_on_a_send_is_in_doubt(code: str) -> None:
    """The service said "accepted" in a way we cannot read: never put it back to resend."""
    body = {"status": True, "responseCode": code, "message": "Queued for later"}
    with pytest.raises(errors.InDoubt) as info:
        call(Script(reply(200, body)), lambda c: c.send_bulk("T", ["1"], "x"))
    assert info.value.response_code == code.casefold()
    assert info.value.service_message == "Queued for later"
    # a read with the same reply is simply an error carrying the service's words
    with pytest.raises(errors.ServiceError) as read:
        call(Script(reply(200, {**body, "balance": 5})), lambda c: c.balance())
    assert not isinstance(read.value, errors.InDoubt)
    assert read.value.service_message == "Queued for later"


@pytest.mark.parametrize("status", [1, "1", "yes", "accepted"])
def test_code_0200_with_an_unclear_status_on_a_send_is_in_doubt(status: Any) -> None:
    body = {"status": status, "responseCode": "0200", "messageId": "m-1"}
    with pytest.raises(errors.InDoubt):
        call(Script(reply(200, body)), lambda c: c.send_message("T", "1", "x"))


@pytest.mark.parametrize("status", [False, 0, "false", "0"])
def test_code_0200_with_a_false_status_on_a_send_is_a_refusal(status: Any) -> None:
    body = {"status": status, "responseCode": "0200", "message": "Sender ID is under review"}
    with pytest.raises(errors.ServiceError) as info:
        call(Script(reply(200, body)), lambda c: c.send_message("T", "1", "x"))
    assert not isinstance(info.value, errors.InDoubt)


def test_status_true_with_a_known_refusal_code_keeps_its_meaning() -> None:
    body = {"status": True, "responseCode": "0402", "message": "Low balance"}
    with pytest.raises(errors.InsufficientBalance):
        call(Script(reply(402, body)), lambda c: c.send_message("T", "1", "x"))


# --- malformed bodies -------------------------------------------------------------------


MALFORMED_READS: list[httpx.Response] = [
    httpx.Response(200, text="<html>proxy says hello</html>"),
    httpx.Response(200, text=""),
    httpx.Response(200, text='{"status": true, "responseCode": "0200", "bal'),
    httpx.Response(200, content=b"\xff\xfe\x00garbage"),
    reply(200, ["status", True]),
    reply(200, "0200"),
    reply(200, None),
    reply(200, {"status": True, "responseCode": "0200"}),  # no balance
    reply(200, {"status": True, "responseCode": "0200", "balance": "lots"}),
    reply(200, {"status": True, "responseCode": "0200", "balance": [1]}),
    reply(200, {"status": True, "balance": 3}),  # no code
    reply(200, {"responseCode": "0200", "balance": 3}),  # no status
    httpx.Response(200, text='{"status": true, "responseCode": "0200", "balance": NaN}'),
    reply(404, {"detail": "Not Found"}),
    httpx.Response(400, text="Bad Request"),
]


@pytest.mark.parametrize("response", MALFORMED_READS)
def test_malformed_replies_to_a_read_are_protocol_errors(response: httpx.Response) -> None:
    script = Script(response)
    with pytest.raises(errors.ProtocolError) as info:
        call(script, lambda c: c.balance())
    assert not isinstance(info.value, errors.InDoubt)
    assert info.value.detail
    assert script.calls == 1


@pytest.mark.parametrize(
    "response",
    [
        httpx.Response(200, text="<html>proxy says hello</html>"),
        reply(200, [1, 2]),
        reply(200, {"status": True, "responseCode": "0200"}),  # accepted, but no id
        reply(200, {"status": True, "responseCode": "0200", "messageId": {"id": 1}}),
        reply(201, {"status": True}),
    ],
)
def test_unreadable_reply_to_a_send_is_in_doubt(response: httpx.Response) -> None:
    script = Script(response)
    with pytest.raises(UnreadableSendReply) as info:
        call(script, lambda c: c.send_message("T", "0712345678", "x"))
    assert isinstance(info.value, errors.ProtocolError)
    assert isinstance(info.value, errors.InDoubt)
    assert script.calls == 1


def test_unreadable_4xx_to_a_send_is_a_plain_protocol_error() -> None:
    with pytest.raises(errors.ProtocolError) as info:
        call(
            Script(httpx.Response(404, text="nothing here")),
            lambda c: c.send_message("T", "1", "x"),
        )
    assert not isinstance(info.value, errors.InDoubt)


@pytest.mark.parametrize(
    ("status", "kind"),
    [(401, errors.AuthError), (403, errors.ScopeError), (429, errors.RateLimited)],
)
def test_unreadable_auth_replies_follow_the_http_status(
    status: int, kind: type[errors.ApiError]
) -> None:
    with pytest.raises(kind):
        call(Script(httpx.Response(status, text="<html>no</html>")), lambda c: c.balance())


def test_bad_content_encoding_is_a_protocol_error() -> None:
    def bad(request: httpx.Request) -> httpx.Response:
        return httpx.Response(
            200, headers={"Content-Encoding": "gzip"}, stream=httpx.ByteStream(b"not gzip")
        )

    with pytest.raises(errors.ProtocolError):
        call(Script(bad), lambda c: c.balance())
    with pytest.raises(UnreadableSendReply):
        call(Script(bad), lambda c: c.send_message("T", "1", "x"))


# --- delivery reports ---------------------------------------------------------------------


def dlr_call(body: Any, status: int = 200) -> list[models.DeliveryRecord]:
    return call(Script(reply(status, body)), lambda c: c.delivery_report("m-1"))


def test_delivery_report_contract_shape() -> None:
    records = dlr_call(
        {
            "status": True,
            "responseCode": "0200",
            "messageId": "m-1",
            "messages": [
                {
                    "messageId": "m-1",
                    "phone": "+254712345678",
                    "status": "delivered",
                    "deliveredAt": "2026-11-21T10:00:05Z",
                    "reason": None,
                    "deliveryStatus": {
                        "status": "DeliveredToTerminal",
                        "deliveryTime": "2026-11-21T10:00:05Z",
                        "reason": None,
                    },
                },
                {
                    "messageId": "m-1",
                    "phone": "+254712340000",
                    "status": "failed",
                    "deliveredAt": "2026-11-21T10:00:06Z",
                    "reason": "AbsentSubscriber",
                    "deliveryStatus": {
                        "status": "AbsentSubscriber",
                        "deliveryTime": "2026-11-21T10:00:06Z",
                        "reason": "AbsentSubscriber",
                    },
                },
                {
                    "messageId": "m-1",
                    "phone": "+254722000001",
                    "status": "sent",
                    "deliveredAt": None,
                    "reason": None,
                    "deliveryStatus": {"status": "SentToNetwork", "deliveryTime": None},
                },
            ],
        }
    )
    assert records == [
        models.DeliveryRecord(
            "m-1",
            "+254712345678",
            DeliveryStatus.DELIVERED,
            "DeliveredToTerminal",
            datetime(2026, 11, 21, 10, 0, 5, tzinfo=UTC),
            None,
        ),
        models.DeliveryRecord(
            "m-1",
            "+254712340000",
            DeliveryStatus.FAILED,
            "AbsentSubscriber",
            datetime(2026, 11, 21, 10, 0, 6, tzinfo=UTC),
            "AbsentSubscriber",
        ),
        models.DeliveryRecord(
            "m-1", "+254722000001", DeliveryStatus.SENT, "SentToNetwork", None, None
        ),
    ]


def test_delivery_report_without_response_code_and_nested_only() -> None:
    # The real service omits responseCode on success; a record may carry only phone and
    # deliveryStatus.
    records = dlr_call(
        {
            "status": True,
            "messages": [
                {"phone": "254712345678", "deliveryStatus": {"status": "DELIVRD"}},
                {"phone": "254712345679", "deliveryStatus": "Sent To Network"},
                {
                    "phone": "254712345670",
                    "deliveryStatus": {
                        "status": "UNDELIV",
                        "deliveryTime": "2026-11-21 10:00:06",
                        "reason": "DeliveryImpossible",
                    },
                },
            ],
        }
    )
    assert [(r.message_id, r.phone, r.status, r.raw_status, r.reason) for r in records] == [
        ("m-1", "254712345678", DeliveryStatus.DELIVERED, "DELIVRD", None),
        ("m-1", "254712345679", DeliveryStatus.SENT, "Sent To Network", None),
        ("m-1", "254712345670", DeliveryStatus.FAILED, "UNDELIV", "DeliveryImpossible"),
    ]
    assert records[2].delivered_at == datetime(2026, 11, 21, 10, 0, 6, tzinfo=UTC)


def test_delivery_report_flat_records() -> None:
    records = dlr_call(
        {
            "status": True,
            "responseCode": "0200",
            "messages": [
                {
                    "messageId": "m-1",
                    "phone": "+254712345678",
                    "status": "Delivered",
                    "deliveredAt": "2026-11-21T13:00:05+03:00",
                },
                {"phone": "+254712345679", "status": "weird-new-status"},
            ],
        }
    )
    assert records[0].status is DeliveryStatus.DELIVERED
    assert records[0].raw_status == "Delivered"
    assert records[0].delivered_at == datetime(2026, 11, 21, 10, 0, 5, tzinfo=UTC)
    assert records[1].status is DeliveryStatus.UNKNOWN
    assert records[1].raw_status == "weird-new-status"


def test_delivery_report_as_a_bare_list() -> None:
    records = dlr_call([{"phone": "+254712345678", "status": "Success"}])
    assert [(r.phone, r.status) for r in records] == [("+254712345678", DeliveryStatus.DELIVERED)]


@pytest.mark.parametrize(
    "body",
    [
        {"phone": "+254712345678", "status": "Success", "messageId": "m-1"},  # one flat record
        {"status": True, "phone": "+254712345678", "deliveryStatus": {"status": "Success"}},
        {
            "status": True,
            "responseCode": "0200",
            "messages": {"phone": "+254712345678", "status": "delivered"},
        },
    ],
)
def test_delivery_report_single_record_forms(body: dict[str, Any]) -> None:
    (record,) = dlr_call(body)
    assert record.phone == "+254712345678"
    assert record.status is DeliveryStatus.DELIVERED


def test_unknown_raw_wording_falls_back_to_the_services_normalised_status() -> None:
    (record,) = dlr_call(
        {
            "status": True,
            "messages": [
                {"phone": "1", "status": "failed", "deliveryStatus": {"status": "NetErr-17"}}
            ],
        }
    )
    assert record.status is DeliveryStatus.FAILED
    assert record.raw_status == "NetErr-17"


@pytest.mark.parametrize(
    "body",
    [
        {"status": True, "messages": "none"},
        {"status": True, "messages": [1, 2]},
        {"status": True, "messages": [{"status": "delivered"}]},  # no phone
        {"status": True, "messages": [{"phone": "1"}]},  # no status at all
        {"status": True},
    ],
)
def test_malformed_delivery_reports(body: dict[str, Any]) -> None:
    with pytest.raises(errors.ProtocolError):
        dlr_call(body)


def test_unknown_message_id_is_invalid_request() -> None:
    with pytest.raises(errors.InvalidRequest) as info:
        dlr_call({"status": False, "responseCode": "0400", "message": "Unknown messageId"}, 400)
    assert "Unknown messageId" in said(info.value)


# --- contacts envelope ------------------------------------------------------------------------

CONTACT = {
    "uuid": "c-1",
    "phone": "+254712345678",
    "first_name": "Wanjiku",
    "last_name": "Kamau",
    "email": None,
    "notes": "likes mandazi",
    "created_at": "2026-11-21T08:00:00Z",
    "updated_at": "2026-11-21T09:00:00Z",
}


def test_contacts_requests_and_replies() -> None:
    page = {"contacts": [CONTACT], "page": 2, "page_size": 1, "total": 3, "total_pages": 3}
    script = Script(
        reply(200, {"success": True, "data": page}),
        reply(201, {"success": True, "data": CONTACT}),
        reply(200, {"success": True, "data": CONTACT}),
        reply(200, {"success": True, "data": {**CONTACT, "notes": None}}),
        reply(200, {"success": True, "data": {"uuid": "c-1", "deleted": True}}),
    )

    async def go(c: Client) -> None:
        got = await c.list_contacts(page=2, page_size=1, search="wanj")
        assert got.page == 2
        assert got.total == 3
        assert got.total_pages == 3
        (contact,) = got.contacts
        assert contact.display_name == "Wanjiku Kamau"
        assert contact.created_at == datetime(2026, 11, 21, 8, tzinfo=UTC)
        assert contact.email is None
        created = await c.create_contact("0712345678", first_name="Wanjiku", notes="x")
        assert created.uuid == "c-1"
        assert (await c.get_contact("c-1")).phone == "+254712345678"
        updated = await c.update_contact("c-1", notes=None, last_name="Kamau")
        assert updated.notes is None
        assert await c.delete_contact("c-1") is None

    call(script, go)
    shapes = [(r.method, str(r.url)) for r in script.requests]
    assert shapes == [
        ("GET", f"{CONTACTS}/api/v1/contacts?page=2&page_size=1&search=wanj"),
        ("POST", f"{CONTACTS}/api/v1/contacts"),
        ("GET", f"{CONTACTS}/api/v1/contacts/c-1"),
        ("PUT", f"{CONTACTS}/api/v1/contacts/c-1"),
        ("DELETE", f"{CONTACTS}/api/v1/contacts/c-1"),
    ]
    assert body_of(script.requests[1]) == {
        "phone": "0712345678",
        "first_name": "Wanjiku",
        "notes": "x",
    }
    assert body_of(script.requests[3]) == {"notes": None, "last_name": "Kamau"}


def test_update_contact_rejects_unknown_fields() -> None:
    with pytest.raises(TypeError):
        call(Script(), lambda c: c.update_contact("c-1", nickname="x"))


def test_contact_uuid_is_escaped_in_the_path() -> None:
    script = Script(reply(200, {"success": True, "data": CONTACT}))
    call(script, lambda c: c.get_contact("../x?y"))
    assert script.requests[0].url.raw_path == b"/api/v1/contacts/..%2Fx%3Fy"


def test_display_name_falls_back_to_phone() -> None:
    assert models.Contact("u", "+254712345678").display_name == "+254712345678"
    assert models.Contact("u", "+2547", first_name=" Amina ").display_name == "Amina"


def test_minimal_contact_page_computes_paging() -> None:
    body = {"success": True, "data": {"contacts": [CONTACT, {"uuid": "c-2", "phone": "+2547"}]}}
    got = call(Script(reply(200, body)), lambda c: c.list_contacts())
    assert (got.page, got.page_size, got.total, got.total_pages) == (1, 20, 2, 1)


def contacts_error(http: int, message: str = "problem", **extra: Any) -> httpx.Response:
    return reply(
        http,
        {"success": False, "error": {"code": str(http), "message": message, **extra}},
    )


@pytest.mark.parametrize(
    ("http", "kind"),
    [
        (400, errors.InvalidRequest),
        (401, errors.AuthError),
        (403, errors.ScopeError),
        (404, errors.NotFound),
        (409, errors.Conflict),
        (413, errors.InvalidRequest),
        (415, errors.InvalidRequest),
        (422, errors.InvalidRequest),
        (418, errors.ServiceError),
    ],
)
def test_contacts_errors(http: int, kind: type[errors.ApiError]) -> None:
    script = Script(contacts_error(http, "service says so"))
    with pytest.raises(kind) as info:
        call(script, lambda c: c.get_contact("c-1"))
    assert info.value.http_status == http
    assert info.value.service_message == "service says so"
    assert script.calls == 1


def test_contacts_field_problems() -> None:
    script = Script(contacts_error(400, "invalid", fields={"phone": "not a valid number"}))
    with pytest.raises(errors.InvalidRequest) as info:
        call(script, lambda c: c.create_contact("123"))
    assert info.value.fields == {"phone": "not a valid number"}
    assert "phone: not a valid number" in said(info.value)


@pytest.mark.parametrize(
    ("http", "words"), [(413, "too large"), (415, "CSV"), (422, "'phone' column")]
)
def test_upload_refusals_are_clear(http: int, words: str, tmp_path: Path) -> None:
    path = tmp_path / "c.csv"
    path.write_text("phone\n0712345678\n")
    with pytest.raises(errors.InvalidRequest) as info:
        call(Script(contacts_error(http)), lambda c: c.upload_contacts(path))
    assert words in said(info.value)


@pytest.mark.parametrize(
    "response",
    [
        reply(200, {"success": True}),
        reply(200, {"success": True, "data": {"contacts": "x"}}),
        reply(200, {"success": True, "data": {"contacts": [{"phone": "1"}]}}),
        reply(200, {"success": True, "data": []}),
        reply(200, {"data": {}}),
        httpx.Response(200, text="not json"),
    ],
)
def test_malformed_contacts_replies(response: httpx.Response) -> None:
    with pytest.raises(errors.ProtocolError):
        call(Script(response), lambda c: c.list_contacts())


def test_sms_style_401_on_contacts() -> None:
    body = {"status": False, "responseCode": "0401", "message": "Unauthorized"}
    with pytest.raises(errors.AuthError):
        call(Script(reply(401, body)), lambda c: c.list_contacts())


# --- uploads ------------------------------------------------------------------------------


def parse_multipart(request: httpx.Request) -> tuple[str, str, bytes]:
    ctype = request.headers["content-type"]
    assert ctype.startswith("multipart/form-data; boundary=")
    boundary = ctype.split("boundary=", 1)[1].encode()
    body = request.content
    assert body.startswith(b"--" + boundary + b"\r\n")
    assert body.endswith(b"\r\n--" + boundary + b"--\r\n")
    head, _, rest = body[len(boundary) + 4 :].partition(b"\r\n\r\n")
    content = rest[: -len(boundary) - 8]
    lines = head.decode().split("\r\n")
    return lines[0], lines[1], content


def test_upload_streams_multipart_with_progress(tmp_path: Path) -> None:
    rows = "".join(f"07{n:08d},Name {n}\n" for n in range(20_000))
    path = tmp_path / 'my "shop" contacts.csv'
    path.write_text("phone,first_name\n" + rows)
    accepted = {"upload_uuid": "u-1", "status": "processing", "total": 20_000}
    script = Script(reply(202, {"success": True, "data": accepted}))
    progress: list[tuple[int, int]] = []

    result = call(script, lambda c: c.upload_contacts(path, lambda s, t: progress.append((s, t))))

    assert result == models.UploadAccepted("u-1", "processing", 20_000)
    (request,) = script.requests
    assert str(request.url) == f"{CONTACTS}/api/v1/contacts/upload"
    assert "transfer-encoding" not in request.headers
    total = int(request.headers["content-length"])
    assert total == len(request.content)
    disposition, ctype, content = parse_multipart(request)
    assert disposition == (
        'Content-Disposition: form-data; name="file"; filename="my %22shop%22 contacts.csv"'
    )
    assert ctype == "Content-Type: text/csv"
    assert content == path.read_bytes()
    assert progress[0] == (0, total)
    assert progress[-1] == (total, total)
    assert len(progress) > 5  # several chunks of a ~300 kB file
    sent = [s for s, _ in progress]
    assert sent == sorted(sent)
    assert {t for _, t in progress} == {total}


def test_upload_xlsx_content_type(tmp_path: Path) -> None:
    path = tmp_path / "c.XLSX"
    path.write_bytes(b"PK\x03\x04fake")
    script = Script(
        reply(202, {"success": True, "data": {"upload_uuid": "u", "status": "processing"}})
    )
    call(script, lambda c: c.upload_contacts(path))
    _, ctype, content = parse_multipart(script.requests[0])
    assert ctype == (
        "Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    assert content == b"PK\x03\x04fake"


def test_upload_of_a_missing_file(tmp_path: Path) -> None:
    script = Script()
    with pytest.raises(errors.InvalidRequest) as info:
        call(script, lambda c: c.upload_contacts(tmp_path / "gone.csv"))
    assert "gone.csv" in said(info.value)
    assert script.calls == 0


def test_upload_is_resent_whole_after_a_server_error(tmp_path: Path) -> None:
    path = tmp_path / "c.csv"
    path.write_text("phone\n0712345678\n")
    script = Script(
        reply(503, {"success": False, "error": {"code": "503", "message": "busy"}}),
        reply(202, {"success": True, "data": {"upload_uuid": "u", "status": "processing"}}),
    )
    progress: list[tuple[int, int]] = []
    call(script, lambda c: c.upload_contacts(path, lambda s, t: progress.append((s, t))))
    assert script.calls == 2
    assert script.requests[0].content == script.requests[1].content
    assert parse_multipart(script.requests[1])[2] == path.read_bytes()
    assert progress.count((0, progress[0][1])) == 2


def upload_list(*uploads: dict[str, Any]) -> httpx.Response:
    return reply(200, {"success": True, "data": {"uploads": list(uploads)}})


def test_wait_for_upload_polls_until_settled() -> None:
    processing = {"uuid": "u-1", "status": "processing", "total": 3, "created_at": None}
    done = {
        "uuid": "u-1",
        "status": "completed",
        "total": 3,
        "imported": 2,
        "failed": 1,
        "created_at": "2026-11-21T08:00:00Z",
        "errors": [{"row": 3, "phone": "0700", "reason": "invalid phone"}],
    }
    other = {"uuid": "u-0", "status": "completed", "total": 1, "imported": 1, "failed": 0}
    script = Script(upload_list(), upload_list(processing, other), upload_list(done, other))
    sleeps = Sleeps()
    status = call(script, lambda c: c.wait_for_upload("u-1", interval=0.25), sleeps=sleeps)
    assert status.settled
    assert (status.status, status.imported, status.failed) == ("completed", 2, 1)
    assert status.errors == (models.UploadRowError(3, "0700", "invalid phone"),)
    assert status.created_at == datetime(2026, 11, 21, 8, tzinfo=UTC)
    assert script.calls == 3
    assert sleeps.delays == [0.25, 0.25]
    assert all(str(r.url) == f"{CONTACTS}/api/v1/contacts/uploads" for r in script.requests)


def test_wait_for_upload_failed_is_settled() -> None:
    script = Script(upload_list({"uuid": "u-1", "status": "FAILED"}))
    status = call(script, lambda c: c.wait_for_upload("u-1"))
    assert status.status == "failed"
    assert status.settled


def test_wait_for_upload_times_out_clearly() -> None:
    async def go() -> None:
        script = Script(upload_list({"uuid": "u-1", "status": "processing"}))
        async with Client(BASE, CONTACTS, TOKEN, transport=httpx.MockTransport(script)) as c:
            with pytest.raises(errors.UploadTimeout) as info:
                await c.wait_for_upload("u-1", interval=0.01, timeout=0.05)
            assert "taking longer" in said(info.value)
            assert script.calls >= 2
            with pytest.raises(errors.NotFound):
                await c.wait_for_upload("u-2", interval=0.01, timeout=0.03)

    run(go())


# --- retries --------------------------------------------------------------------------


def test_0500_is_retried_then_succeeds() -> None:
    sleeps = Sleeps()
    script = Script(fail(500, "0500"), fail(200, "0500"), ok(messageId="m-1"))
    result = call(script, lambda c: c.send_message("T", "1", "x"), sleeps=sleeps)
    assert result.message_id == "m-1"
    assert script.calls == 3
    assert len(sleeps.delays) == 2
    # exponential backoff with jitter: base 0.01 s, then 0.02 s, each scaled by 0.5-1.5
    assert 0.005 <= sleeps.delays[0] <= 0.015
    assert 0.01 <= sleeps.delays[1] <= 0.03


def test_persistent_5xx_gives_server_error_after_three_attempts() -> None:
    script = Script(httpx.Response(503, text="<html>Service unavailable</html>"))
    with pytest.raises(errors.ServerError):
        call(script, lambda c: c.send_bulk("T", ["1"], "x"))
    assert script.calls == 3


@pytest.mark.parametrize("http", [502, 504])
@pytest.mark.parametrize(
    "send",
    [
        lambda c: c.send_message("T", "1", "x"),
        lambda c: c.send_bulk("T", ["1"], "x"),
        lambda c: c.send_personalized("T", [("1", "x")]),
        lambda c: c.send_tracked("T", "1", "x", "t-1"),
        lambda c: c.send_whatsapp_template("tpl", "en", "1"),
        lambda c: c.send_survey("s-1", ["1"]),
        lambda c: c.create_contact("0712345678"),
    ],
)
def test_gateway_502_504_on_a_send_is_in_doubt_and_not_resent(http: int, send: Any) -> None:
    """A gateway's own page: it forwarded the request and lost (or gave up on) the answer."""
    script = Script(httpx.Response(http, text="<html>Gateway</html>"), ok(messageId="m-2"))
    with pytest.raises(errors.InDoubt) as info:
        call(script, send)
    assert script.calls == 1
    assert info.value.http_status == http


@pytest.mark.parametrize("http", [502, 504])
def test_gateway_502_504_on_a_read_is_retried(http: int) -> None:
    script = Script(httpx.Response(http, text="<html>Gateway</html>"), ok(balance=7))
    assert call(script, lambda c: c.balance()).credits == 7
    assert script.calls == 2


def test_service_envelope_under_502_on_a_send_is_retried() -> None:
    """The service itself answered 0500 (whatever the status): it says nothing was done."""
    script = Script(fail(502, "0500"), ok(messageId="m-3"))
    assert call(script, lambda c: c.send_message("T", "1", "x")).message_id == "m-3"
    assert script.calls == 2


def test_max_attempts_is_configurable() -> None:
    script = Script(fail(500, "0500"))
    with pytest.raises(errors.ServerError):
        call(script, lambda c: c.balance(), max_attempts=1)
    assert script.calls == 1


def test_retry_after_is_honoured() -> None:
    sleeps = Sleeps()
    script = Script(
        fail(429, "0429", headers={"Retry-After": "2"}),
        ok(balance=5),
    )
    assert call(script, lambda c: c.balance(), sleeps=sleeps).credits == 5
    assert sleeps.delays == [2.0]


def test_retry_after_as_http_date() -> None:
    sleeps = Sleeps()
    when = email.utils.format_datetime(datetime.now(UTC) + timedelta(seconds=10), usegmt=True)
    script = Script(fail(429, "0429", headers={"Retry-After": when}), ok(balance=5))
    call(script, lambda c: c.balance(), sleeps=sleeps)
    assert 8 <= sleeps.delays[0] <= 10


def test_too_long_retry_after_raises_rate_limited_at_once() -> None:
    sleeps = Sleeps()
    script = Script(fail(429, "0429", headers={"Retry-After": "120"}), ok(balance=5))
    with pytest.raises(errors.RateLimited) as info:
        call(script, lambda c: c.balance(), sleeps=sleeps)
    assert info.value.retry_after == 120
    assert "about 2 minutes" in said(info.value)
    assert script.calls == 1
    assert sleeps.delays == []


def test_429_on_the_last_attempt_raises_rate_limited() -> None:
    sleeps = Sleeps()
    script = Script(fail(429, "0429", headers={"Retry-After": "1"}))
    with pytest.raises(errors.RateLimited) as info:
        call(script, lambda c: c.send_message("T", "1", "x"), sleeps=sleeps)
    assert info.value.retry_after == 1
    assert script.calls == 3
    assert sleeps.delays == [1.0, 1.0]


def test_a_stop_asked_while_waiting_to_try_a_send_again_ends_the_wait_at_once() -> None:
    """The service answered busy: nothing went. A Cancel (``stop_retries_on``) during the
    20 s wait ends it with StoppedBeforeRetry, not after the wait and another try."""
    from desktop_app.core.api.attempts import stop_retries_on, stop_retries_reset

    script = Script(fail(429, "0429", headers={"Retry-After": "20"}), ok(messageId="m-1"))

    async def go() -> None:
        stop = asyncio.Event()
        token = stop_retries_on(stop)
        try:
            async with make(script, asyncio.sleep) as client:  # type: ignore[arg-type]
                sending = asyncio.ensure_future(client.send_message("T", "0712345678", "x"))
                await asyncio.sleep(0.05)
                stop.set()
                with pytest.raises(errors.StoppedBeforeRetry):
                    await asyncio.wait_for(sending, 2)
        finally:
            stop_retries_reset(token)

    run(go())
    assert script.calls == 1


def test_a_send_cancelled_while_waiting_to_try_again_says_nothing_went() -> None:
    """Quitting cuts the request off during the wait: a CancelledError still (the task ends
    cancelled), of the kind that tells the journal nothing went out."""
    script = Script(fail(503, "0500", headers={"Retry-After": "10"}), ok(messageId="m-1"))

    async def go() -> None:
        async with make(script, asyncio.sleep) as client:  # type: ignore[arg-type]
            sending = asyncio.ensure_future(client.send_message("T", "0712345678", "x"))
            await asyncio.sleep(0.05)
            sending.cancel()
            with pytest.raises(errors.CancelledBeforeRetry):
                await sending
            assert sending.cancelled()

    run(go())
    assert script.calls == 1


def test_429_without_retry_after_uses_backoff() -> None:
    sleeps = Sleeps()
    script = Script(httpx.Response(429), ok(balance=1))
    call(script, lambda c: c.balance(), sleeps=sleeps)
    assert len(sleeps.delays) == 1
    assert sleeps.delays[0] < 0.1


@pytest.mark.parametrize(
    "response",
    [fail(400, "0400"), fail(401, "0401"), fail(402, "0402"), fail(403, "0403"), fail(422, "0422")],
)
def test_client_errors_are_not_retried(response: httpx.Response) -> None:
    script = Script(response, ok(messageId="m"))
    with pytest.raises(errors.ApiError):
        call(script, lambda c: c.send_message("T", "1", "x"))
    assert script.calls == 1


@pytest.mark.parametrize(
    "exc",
    [
        httpx.ConnectError("Connection refused"),
        httpx.ConnectTimeout("connect timed out"),
        httpx.PoolTimeout("no connection available"),
    ],
)
def test_errors_before_sending_are_retried_even_for_sends(exc: Exception) -> None:
    script = Script(exc, exc, ok(messageId="m-1"))
    assert call(script, lambda c: c.send_message("T", "1", "x")).message_id == "m-1"
    assert script.calls == 3


def test_unreachable_service_is_a_network_error() -> None:
    script = Script(httpx.ConnectError("[Errno 111] Connection refused"))
    with pytest.raises(errors.NetworkError) as info:
        call(script, lambda c: c.send_message("T", "1", "x"))
    assert script.calls == 3
    assert isinstance(info.value.__cause__, httpx.ConnectError)


@pytest.mark.parametrize(
    "exc",
    [
        httpx.ReadTimeout("timed out"),
        httpx.WriteTimeout("timed out"),
        httpx.RemoteProtocolError("Server disconnected without sending a response."),
        httpx.ReadError("connection reset"),
        httpx.WriteError("broken pipe"),
    ],
)
@pytest.mark.parametrize(
    "send",
    [
        lambda c: c.send_message("T", "1", "x"),
        lambda c: c.send_bulk("T", ["1"], "x"),
        lambda c: c.send_personalized("T", [("1", "x")]),
        lambda c: c.send_tracked("T", "1", "x", "t"),
        lambda c: c.send_whatsapp_template("t", "en", "1"),
        lambda c: c.send_survey("s", ["1"]),
        lambda c: c.create_contact("1"),
    ],
)
def test_a_send_with_unknown_outcome_is_in_doubt_and_never_resent(
    exc: Exception, send: Callable[[Client], Coroutine[Any, Any, Any]]
) -> None:
    script = Script(exc, ok(messageId="m-1"))
    with pytest.raises(errors.InDoubt):
        call(script, send)
    assert script.calls == 1


@pytest.mark.parametrize(
    "read",
    [
        lambda c: c.balance(),
        lambda c: c.account_details(),
        lambda c: c.delivery_report("m-1"),
        lambda c: c.list_contacts(),
        lambda c: c.get_contact("c-1"),
        lambda c: c.list_uploads(),
    ],
)
def test_reads_are_repeated_after_a_timeout(
    read: Callable[[Client], Coroutine[Any, Any, Any]],
) -> None:
    def good(request: httpx.Request) -> httpx.Response:
        if request.url.host == "contacts.example.test":
            data: Any = {"contacts": [], "uploads": []}
            if request.url.path.endswith("c-1"):
                data = CONTACT
            return reply(200, {"success": True, "data": data})
        return ok(balance=3, messages=[])

    script = Script(httpx.ReadTimeout("timed out"), httpx.RemoteProtocolError("gone"), good)
    call(script, read)
    assert script.calls == 3


def test_reads_give_up_with_network_error() -> None:
    script = Script(httpx.ReadTimeout("timed out"))
    with pytest.raises(errors.NetworkError):
        call(script, lambda c: c.balance())
    assert script.calls == 3


# --- the token never leaks -------------------------------------------------------------------


def test_client_repr_hides_the_token() -> None:
    async def go() -> None:
        async with Client(BASE, CONTACTS, TOKEN, transport=httpx.MockTransport(Script())) as c:
            assert TOKEN not in repr(c)
            assert TOKEN not in str(c)
            assert "hidden" in repr(c)
            assert TOKEN not in repr(vars(c))

    run(go())


@pytest.mark.parametrize("bad", ["", "   ", "mbs_abc def", "mbs_abcé", "mbs_abc\r\nX-Evil: 1"])
def test_malformed_token_is_refused_without_echo(bad: str) -> None:
    with pytest.raises(errors.AuthError) as info:
        Client(BASE, CONTACTS, bad)
    text = f"{info.value!s} {info.value!r}"
    if bad.strip():
        assert bad.strip() not in text


def test_token_is_scrubbed_from_service_messages() -> None:
    script = Script(fail(401, "0401", f"Token {TOKEN} is revoked"))
    with pytest.raises(errors.AuthError) as info:
        call(script, lambda c: c.balance())
    assert TOKEN not in repr(info.value)
    assert TOKEN not in str(info.value.service_message)
    assert "[token hidden]" in str(info.value.service_message)


def _shows(err: BaseException) -> str:
    """Every place an error's text could surface: str, repr and each attribute."""
    return f"{err!s} {err!r} {vars(err)}"


def test_token_is_scrubbed_from_invalid_phones() -> None:
    """A server that echoes the Authorization header back as an "invalid number"."""
    script = Script(fail(400, "0400", "No valid phone numbers", invalid=[TOKEN, "12345"]))
    with pytest.raises(errors.InvalidRequest) as info:
        call(script, lambda c: c.send_bulk("TUMA", ["0712345678"], "x"))
    assert info.value.invalid_phones == ("[token hidden]", "12345")
    assert TOKEN not in _shows(info.value)


def test_token_is_scrubbed_from_comma_separated_invalid_phones() -> None:
    script = Script(fail(400, "0400", "No valid phone numbers", invalid=f"12345,{TOKEN}"))
    with pytest.raises(errors.InvalidRequest) as info:
        call(script, lambda c: c.send_bulk("TUMA", ["0712345678"], "x"))
    assert info.value.invalid_phones == ("12345", "[token hidden]")


def test_token_is_scrubbed_from_field_names_of_a_send_error() -> None:
    script = Script(fail(400, "0400", "bad", fields={f"api_token={TOKEN}": "unexpected"}))
    with pytest.raises(errors.InvalidRequest) as info:
        call(script, lambda c: c.send_message("T", "1", "x"))
    assert info.value.fields == {"api_token=[token hidden]": "unexpected"}
    assert TOKEN not in _shows(info.value)


@pytest.mark.parametrize("http", [400, 200, 409, 418])
def test_token_is_scrubbed_from_the_code_and_field_names_of_a_contacts_error(
    http: int,
) -> None:
    body = {
        "success": False,
        "error": {
            "code": f"bad_token_{TOKEN}",
            "message": "rejected",
            "fields": {TOKEN: f"unknown field {TOKEN}", "phone": "required"},
        },
    }
    with pytest.raises(errors.ApiError) as info:
        call(Script(reply(http, body)), lambda c: c.create_contact("1"))
    err = info.value
    assert TOKEN not in _shows(err)
    assert err.response_code == "bad_token_[token hidden]"
    if isinstance(err, errors.InvalidRequest):
        assert err.fields == {"[token hidden]": "unknown field [token hidden]", "phone": "required"}


def test_token_is_scrubbed_from_an_unknown_sms_response_code() -> None:
    """responseCode is compared case-insensitively, so the echo may come back casefolded."""
    script = Script(fail(400, TOKEN, "odd"))
    with pytest.raises(errors.ApiError) as info:
        call(script, lambda c: c.balance())
    assert TOKEN not in _shows(info.value)
    assert TOKEN.casefold() not in _shows(info.value)


def test_token_never_in_logs_or_errors_of_failing_calls(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("DEBUG")
    for name in ("httpx", "httpcore", "desktop_app"):
        caplog.set_level("DEBUG", logger=name)
    failures: Iterable[httpx.Response | Exception] = [
        fail(401, "0401", f"bad token {TOKEN}"),
        fail(500, "0500"),
        contacts_error(409, f"duplicate for {TOKEN}"),
        httpx.Response(200, text=f"<html>{TOKEN}</html>"),
        httpx.ConnectError("refused"),
        httpx.ReadTimeout("timed out"),
    ]
    seen: list[str] = []
    for failure in failures:
        for op in (
            lambda c: c.send_message("T", "1", "x"),
            lambda c: c.balance(),
            lambda c: c.create_contact("1"),
        ):
            with pytest.raises(errors.ApiError) as info:
                call(Script(failure), op)
            err = info.value
            seen.append(f"{err!s} {err!r} {err.service_message} {vars(err)}")
            if err.__cause__ is not None:
                seen.append(f"{err.__cause__!s} {err.__cause__!r}")
    assert seen
    for text in seen:
        assert TOKEN not in text
    assert caplog.records
    assert TOKEN not in caplog.text
    for record in caplog.records:
        assert TOKEN not in record.getMessage()


# --- contacts writes: wording of an unknown outcome, repeatable PUT ----------------------------


def test_lost_reply_to_a_contact_change_is_in_doubt_in_contact_words() -> None:
    for op in (lambda c: c.create_contact("1"), lambda c: c.delete_contact("c-1")):
        script = Script(httpx.ReadTimeout("timed out"), reply(200, {"success": True, "data": {}}))
        with pytest.raises(errors.InDoubt) as info:
            call(script, op)
        assert "Refresh the contacts list" in said(info.value)
        assert script.calls == 1


def test_lost_reply_to_an_upload_is_in_doubt_in_upload_words(tmp_path: Path) -> None:
    path = tmp_path / "c.csv"
    path.write_text("phone\n0712345678\n")
    script = Script(httpx.RemoteProtocolError("Server disconnected"))
    with pytest.raises(errors.InDoubt) as info:
        call(script, lambda c: c.upload_contacts(path))
    assert "list of imports" in said(info.value)
    assert script.calls == 1


def test_update_contact_is_repeated_after_a_lost_reply() -> None:
    script = Script(httpx.ReadTimeout("timed out"), reply(200, {"success": True, "data": CONTACT}))
    assert call(script, lambda c: c.update_contact("c-1", notes="x")).uuid == "c-1"
    assert script.calls == 2


@pytest.mark.parametrize(
    ("code", "kind"),
    [
        ("not_found", errors.NotFound),
        ("conflict", errors.Conflict),
        ("UNAUTHORIZED", errors.AuthError),
        ("404", errors.NotFound),
        ("something_else", errors.InvalidRequest),
    ],
)
def test_contacts_error_under_a_2xx_status_uses_its_code(
    code: str, kind: type[errors.ApiError]
) -> None:
    body = {"success": False, "error": {"code": code, "message": "m"}}
    with pytest.raises(kind):
        call(Script(reply(200, body)), lambda c: c.get_contact("c-1"))


@pytest.mark.parametrize("code", ["0400", "0403"])
def test_sender_id_refusal_recognised_by_its_words(code: str) -> None:
    script = Script(fail(400, code, "You are not assigned to this sender ID"))
    with pytest.raises(errors.SenderIdRejected) as info:
        call(script, lambda c: c.send_message("SHOP", "0712345678", "x"))
    assert info.value.sender_id == "SHOP"


@pytest.mark.parametrize(
    ("location", "web_page"),
    [
        ("http://portal.safaricom.example/buy-bundles", True),  # a network's own page
        ("/v1/get-balance/", False),  # the service's own host: a moved path
        (BASE + "/api/v1/get-balance/", False),  # the same host, named in full
    ],
)
def test_a_redirect_is_a_web_page_only_to_another_host(location: str, web_page: bool) -> None:
    """A Wi-Fi sign-in redirects to its own page: "check your internet". The service's own
    redirect (an address saved with http://, a moved path) is not: it keeps its old words."""
    script = Script(httpx.Response(302, headers={"Location": location}, text="Moved"))
    with pytest.raises(errors.ProtocolError) as info:
        call(script, lambda c: c.balance())
    assert info.value.web_page is web_page
