from django.urls import path

from . import views

app_name = "notifications"

urlpatterns = [
    path("", views.account, name="account"),
    path("benachrichtigungen/<int:pk>/gelesen/", views.notification_read, name="notification-read"),
    path("ergebnis/<int:pk>/", views.result_answer, name="result-answer"),
    path("push/", views.push_subscribe, name="push-subscribe"),
    path("abbestellen/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
