from django.conf import settings
from django.utils import translation


class ChosenLanguageMiddleware:
    """German for everybody, English only for those who pick it in the footer.

    Unlike Django's LocaleMiddleware this ignores the browser's Accept-Language: the club's UI is
    German, and a phone set to English should not switch it unasked.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        supported = {code for code, _ in settings.LANGUAGES}
        language = chosen if chosen in supported else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        return response
