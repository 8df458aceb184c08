"""What the page is set up with and keeps, and what it says: the match setup and view options
(``setup``), the URL (``url``), preferences (``prefs``), the saved match (``saves``), what the start
does with what the device keeps (``keeping``), the catalogues (``i18n``). No browser imports."""
