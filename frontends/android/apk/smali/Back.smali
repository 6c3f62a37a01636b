# Back receives the page's answer to Android's Back (MainActivity.onBackPressed): "true" when
# the app closed something, "false" when there was nothing to close (the app goes to the
# background, as Android's Back does for a launcher's app: the page stays, the save is made as it
# is hidden), anything else when the shown page is not the game (an error page: the activity
# finishes, so the next launch starts the server again).
.class final Lcom/github/cotuongai/xiangqi/Back;
.super Ljava/lang/Object;
.source "Back.smali"
.implements Landroid/webkit/ValueCallback;

.field private final activity:Landroid/app/Activity;

.method constructor <init>(Landroid/app/Activity;)V
    .registers 2
    invoke-direct {p0}, Ljava/lang/Object;-><init>()V
    iput-object p1, p0, Lcom/github/cotuongai/xiangqi/Back;->activity:Landroid/app/Activity;
    return-void
.end method

.method public onReceiveValue(Ljava/lang/Object;)V # ValueCallback: API 7
    .registers 4
    iget-object v0, p0, Lcom/github/cotuongai/xiangqi/Back;->activity:Landroid/app/Activity;
    const-string v1, "true"
    invoke-virtual {v1, p1}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    if-nez v1, :done
    const-string v1, "false"
    invoke-virtual {v1, p1}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    if-eqz v1, :finish
    const/4 v1, 0x1
    invoke-virtual {v0, v1}, Landroid/app/Activity;->moveTaskToBack(Z)Z # API 1
    goto :done
    :finish
    invoke-virtual {v0}, Landroid/app/Activity;->finish()V # API 1
    :done
    return-void
.end method
