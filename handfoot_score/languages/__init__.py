"""The app's languages: which one a request gets (``i18n``) and the translation catalogues
it reads them from (``catalogues``)."""
