"""Every page of the website, mounted at the root by deckwarden/urls.py.

One list per part of the site, each under the namespace its URL names have always had: the
site's own pages ("web:…"), the tools under /tools/ ("tools:…") and the events pages under
/events/ ("events:…"). Each domain's views live in a module or folder of their own under web/views/.
"""

from django.contrib.auth import views as auth_views
from django.urls import include, path

from .views import (
    accounts,
    battle_odds,
    card_tests,
    cards,
    collection,
    curation,
    home,
    keeper,
    notices,
    plays,
    swaps,
    test_games,
)
from .views.decks import actions as deck_actions
from .views.decks import compare as deck_compare
from .views.decks import doctor, playtest, proxies
from .views.decks import editor as decks
from .views.decks import lists as deck_lists
from .views.decks import text as deck_text
from .views.events import checks, downloads, organiser, player, roster, rounds, standings

site_urls = [
    path("", home.home, name="home"),
    path("cards/", cards.card_search, name="card-search"),
    path("cards/names/", cards.card_name_options, name="card-name-options"),
    path("cards/advanced/", cards.card_advanced_search, name="card-advanced-search"),
    path("cards/<slug:game>/<str:key>/", cards.card_detail, name="card"),
    path(
        "cards/<slug:game>/<str:key>/add-to-deck/",
        cards.card_add_to_deck,
        name="card-add-to-deck",
    ),
    path("contribute/", curation.contribute, name="contribute"),
    path("contribute/upload/", curation.upload, name="proposal-upload"),
    path("contribute/mine/", curation.my_proposals, name="my-proposals"),
    path("contribute/<slug:game>/propose/", curation.propose, name="propose"),
    path("contribute/<slug:game>/readout/", curation.propose_readout, name="propose-readout"),
    path("contribute/<slug:game>/review/", curation.review_queue, name="review-queue"),
    path("contribute/<slug:game>/curators/", curation.curator_add, name="curator-add"),
    path(
        "contribute/proposals/<int:proposal_id>/review/",
        curation.review,
        name="proposal-review",
    ),
    path("contribute/proposals/<int:proposal_id>/try/", curation.proposal_try, name="proposal-try"),
    path(
        "contribute/proposals/<int:proposal_id>/picture/",
        curation.proposal_picture,
        name="proposal-picture",
    ),
    path(
        "contribute/uploads/<int:upload_id>/pictures/",
        curation.upload_pictures,
        name="upload-pictures",
    ),
    path(
        "contribute/uploads/<int:upload_id>/approve/",
        curation.upload_approve,
        name="upload-approve",
    ),
    path("releases/", curation.releases, name="releases"),
    path("releases/publish/", curation.release_publish, name="release-publish"),
    path("decks/", deck_lists.public_decks, name="deck-list"),
    path("decks/mine/", deck_lists.my_decks, name="my-decks"),
    path("decks/new/", decks.deck_new, name="deck-new"),
    path("decks/import/", decks.deck_import, name="deck-import"),
    path("decks/<deck:pk>/", decks.deck_page, name="deck"),
    path("decks/<deck:pk>/export.txt", decks.deck_export, name="deck-export"),
    path("decks/<deck:pk>/proxies.pdf", proxies.deck_proxies_pdf, name="deck-proxies"),
    path(
        "decks/<deck:pk>/proxies/<uuid:print_id>/",
        proxies.proxy_print_page,
        name="deck-proxy-print",
    ),
    path(
        "decks/<deck:pk>/proxies/<uuid:print_id>/progress/",
        proxies.proxy_print_progress,
        name="deck-proxy-print-progress",
    ),
    path(
        "decks/<deck:pk>/proxies/<uuid:print_id>.pdf",
        proxies.proxy_print_download,
        name="deck-proxy-print-pdf",
    ),
    path("decks/<deck:pk>/text/", deck_text.deck_text, name="deck-text"),
    path("decks/<deck:pk>/versions/", decks.deck_versions, name="deck-versions"),
    path("decks/<deck:pk>/copy/", decks.deck_copy, name="deck-copy"),
    path("decks/<deck:pk>/playtest/", playtest.deck_playtest, name="deck-playtest"),
    path("decks/<deck:pk>/doctor/", doctor.deck_doctor, name="deck-doctor"),
    path("decks/<deck:pk>/doctor/<uuid:job_id>/", doctor.doctor_job, name="deck-doctor-job"),
    path(
        "decks/<deck:pk>/doctor/<uuid:job_id>/progress/",
        doctor.doctor_progress,
        name="deck-doctor-progress",
    ),
    path(
        "decks/<deck:pk>/doctor/<uuid:job_id>/cancel/",
        doctor.doctor_cancel,
        name="deck-doctor-cancel",
    ),
    path(
        "decks/<deck:pk>/doctor/<uuid:job_id>/apply/<int:index>/",
        doctor.doctor_apply,
        name="deck-doctor-apply",
    ),
    path("decks/<deck:pk>/delete/", deck_actions.deck_delete, name="deck-delete"),
    path("decks/<deck:pk>/details/", deck_actions.deck_details, name="deck-details"),
    path("decks/<deck:pk>/like/", deck_actions.deck_like, name="deck-like"),
    path(
        "decks/<deck:pk>/versions/<int:number>/restore/",
        deck_actions.deck_restore,
        name="deck-restore",
    ),
    path("decks/compare/", deck_compare.deck_compare, name="deck-compare"),
    path("decks/<deck:pk>/missing.txt", collection.deck_missing_export, name="deck-missing"),
    path("play/", plays.new, name="play-new"),
    path("play/mine/", plays.mine, name="plays-mine"),
    path("play/<uuid:play_id>/", plays.page, name="play"),
    path("play/<uuid:play_id>/answer/", plays.answer, name="play-answer"),
    path("play/shared/<str:token>/", plays.shared, name="play-shared"),
    path("collection/", collection.collection, name="collection"),
    path("collection/add/", collection.collection_add, name="collection-add"),
    path("collection/import/", collection.collection_import, name="collection-import"),
    path("collection/share/", collection.collection_share, name="collection-share"),
    path("collection/shared/<str:token>/", collection.collection_shared, name="collection-shared"),
    path("accounts/", accounts.account, name="account"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", accounts.password_change, name="password-change"),
    path("accounts/email/", accounts.email_update, name="email"),
    path("accounts/email/verify/<str:token>/", accounts.email_verify_view, name="email-verify"),
    path("notices/stop/<str:token>/", notices.mail_stop, name="mail-stop"),
    path(
        "accounts/tokens/<int:token_id>/revoke/",
        accounts.token_revoke_view,
        name="token-revoke",
    ),
]

tools_urls = [
    path("", home.tools_index, name="index"),
    path("keeper/builder/", keeper.builder, name="keeper-builder"),
    path("keeper/builder/review/", keeper.review, name="keeper-review"),
    path("keeper/cards/<int:card_id>/share/", keeper.share, name="keeper-share"),
    path("keeper/cards/<int:card_id>/edit/", keeper.edit, name="keeper-edit"),
    path("keeper/cards/<int:card_id>/delete/", keeper.delete, name="keeper-delete"),
    path("keeper/cards/<int:card_id>/test/", card_tests.card_test, name="keeper-card-test"),
    path("metazoo/archive-swap/", swaps.archive_swap, name="archive-swap"),
    path("millennium-blades/fix/", swaps.blades_fix, name="blades-fix"),
    path("test-games/", test_games.new, name="test-games"),
    path("test-games/<uuid:job_id>/", test_games.job, name="test-game"),
    path("test-games/<uuid:job_id>/progress/", test_games.progress, name="test-game-progress"),
    path("test-games/<uuid:job_id>/cancel/", test_games.cancel, name="test-game-cancel"),
    path("test-games/<uuid:job_id>/share/", test_games.share, name="test-game-share"),
    path("test-games/shared/<str:token>/", test_games.shared, name="test-game-shared"),
    path(
        "test-games/shared/<str:token>/progress/",
        test_games.shared_progress,
        name="test-game-shared-progress",
    ),
    path("neopets/battle-odds/", battle_odds.battle_odds_page, name="battle-odds"),
]

events_urls = [
    path("", player.event_index, name="index"),
    path("new/", organiser.event_new, name="new"),
    path("<str:token>/", player.event_detail, name="detail"),
    path("<str:token>/register/", player.event_register, name="register"),
    path("<str:token>/lists/<int:pk>/", player.registration_list, name="registration"),
    path("<str:token>/manage/", organiser.event_manage, name="manage"),
    path("<str:token>/edit/", organiser.event_edit, name="edit"),
    path("<str:token>/delete/", organiser.event_delete, name="delete"),
    path("<str:token>/publish/", organiser.event_publish, name="publish"),
    path("<str:token>/close/", organiser.event_close, name="close"),
    path("<str:token>/checks/", checks.deck_check_log, name="checks"),
    path("<str:token>/checks/<int:pk>/edit/", checks.deck_check_edit, name="check-edit"),
    path("<str:token>/penalties/", checks.penalty_give, name="penalty"),
    path("<str:token>/judges/", checks.judge_add, name="judges"),
    path("<str:token>/judges/<int:judge_id>/remove/", checks.judge_remove, name="judge-remove"),
    path("<str:token>/drop/<int:pk>/", organiser.registration_drop, name="drop"),
    path("<str:token>/recheck/", organiser.registrations_recheck, name="recheck"),
    path("<str:token>/drop-illegal/", organiser.registrations_drop_illegal, name="drop-illegal"),
    path("<str:token>/join/", roster.roster_join, name="join"),
    path("<str:token>/withdraw/", roster.registration_withdraw, name="withdraw"),
    path("<str:token>/roster/invite/", roster.roster_invite, name="invite"),
    path("<str:token>/roster/<int:player_id>/check-in/", roster.roster_check_in, name="check-in"),
    path("<str:token>/check-in/", roster.check_in_mine, name="check-in-mine"),
    path("<str:token>/check-in/window/", roster.check_in_window, name="check-in-window"),
    path("<str:token>/paper/", roster.paper_list, name="paper"),
    path("<str:token>/lists/<int:pk>/undo-drop/", roster.registration_undo_drop, name="undo-drop"),
    path("<str:token>/lists/<int:pk>/review/", roster.registration_review, name="review"),
    path("<str:token>/archetypes/", standings.archetypes, name="archetypes"),
    path("<str:token>/archetypes/name/", standings.archetype_name, name="archetype-name"),
    path("<str:token>/standings/", standings.standings_import, name="standings-import"),
    path("<str:token>/rounds/", rounds.rounds_page, name="rounds"),
    path("<str:token>/rounds/start/", rounds.round_start, name="round-start"),
    path("<str:token>/rounds/<int:number>/publish/", rounds.round_publish, name="round-publish"),
    path("<str:token>/rounds/<int:number>/result/", rounds.result_report, name="round-result"),
    path("<str:token>/rounds/<int:number>.csv", rounds.pairings_csv, name="round-csv"),
    path("<str:token>/standings.csv", rounds.standings_csv, name="standings-csv"),
    path("<str:token>/report.csv", downloads.report_csv, name="report-csv"),
    path("<str:token>/roster.csv", downloads.roster_csv, name="roster-csv"),
    path("<str:token>/report.json", downloads.report_json, name="report-json"),
    path("<str:token>/decklists.zip", downloads.decklists_zip, name="decklists-zip"),
    path("<str:token>/sheets/", downloads.decklist_sheets, name="sheets"),
    path("<str:token>/metagame/", downloads.metagame, name="metagame"),
]

urlpatterns = [
    path("events/", include((events_urls, "events"))),
    path("tools/", include((tools_urls, "tools"))),
    path("", include((site_urls, "web"))),
]
