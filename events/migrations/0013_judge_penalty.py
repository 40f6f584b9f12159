# Penalties given outside a deck check (issue 39, item 4)

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('events', '0012_waitlist_and_check_in_window'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='JudgePenalty',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('given', models.DateTimeField(auto_now_add=True)),
                ('penalty', models.CharField(choices=[('warning', 'warning'), ('game_loss', 'game loss'), ('match_loss', 'match loss'), ('disqualification', 'disqualification')], max_length=20)),
                ('infraction', models.CharField(choices=[('decklist', 'deck or decklist problem'), ('marked_cards', 'marked cards'), ('tardiness', 'tardiness'), ('slow_play', 'slow play'), ('procedural', 'procedural error'), ('unsporting', 'unsporting conduct')], max_length=20)),
                ('notes', models.TextField(blank=True, help_text='For the organiser and judges only.')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='penalties', to='events.event')),
                ('judge', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('registration', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='penalties', to='events.registration')),
            ],
            options={
                'ordering': ['event', 'given', 'id'],
                'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('penalty', ''), _negated=True), models.Q(('infraction', ''), _negated=True)), name='judge_penalty_is_listed')],
            },
        ),
    ]
