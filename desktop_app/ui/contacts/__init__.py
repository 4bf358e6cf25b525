"""The Contacts tab: the customer list (paged by the service), groups kept on this computer,
add / edit / delete, message and export."""

from desktop_app.ui.contacts.tab import ContactsTab

__all__ = ["ContactsTab"]
