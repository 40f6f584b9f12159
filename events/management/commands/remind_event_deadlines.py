"""`python manage.py remind_event_deadlines`: tell players whose event's registration closes
within a day (once per event). Run it hourly from cron, or schedule events.tasks.remind_deadlines
with celery beat."""

from django.core.management.base import BaseCommand

from events.notifications import deadlines_remind


class Command(BaseCommand):
    help = "Email players of events whose registration deadline is less than a day away."

    def handle(self, *args, **options) -> None:
        reminded = deadlines_remind()
        self.stdout.write(f"{reminded} event{'s' if reminded != 1 else ''} reminded.")
